import { IDAT_MAGIC } from '../../../src/model/orders/analysis';

/**
 * The header of an IDAT file (version 3, what every iScan and NextSeq writes and what every analysis pipeline
 * reads): "IDAT", the version as int64 LE, the number of fields as uint32 LE, then per field a uint16 LE code and
 * the int64 LE offset of its data in the file. The data itself is opaque to the portal; the header is what tells a
 * file that merely carries the name from one the analysis can read, and a file cut short from a whole one.
 */
export const IDAT_VERSION = 3n;
/** Real files have about 20 fields; a count far above that means the bytes are not a header at all. */
export const IDAT_MAX_FIELDS = 1000;
export const IDAT_PREAMBLE_BYTES = 16;
export const IDAT_FIELD_BYTES = 10;

export type IdatHeaderVerdict = 'notIdat' | 'truncated' | null;

/**
 * Reads an IDAT header from the chunks of a stream as they pass: it keeps a copy of the header's bytes only
 * (at most 16 + 10 × 1000), so an entry of any size is checked in constant memory.
 */
export class IdatHeaderReader {
  private readonly head = Buffer.alloc(IDAT_PREAMBLE_BYTES + IDAT_FIELD_BYTES * IDAT_MAX_FIELDS);
  private held = 0;
  private size = 0;

  push(chunk: Buffer): void {
    this.size += chunk.length;
    let rest = chunk;
    // Twice at most: the preamble tells how long the rest of the header is.
    while (rest.length > 0 && this.held < this.headerBytes()) {
      const taken = rest.subarray(0, this.headerBytes() - this.held);
      taken.copy(this.head, this.held);
      this.held += taken.length;
      rest = rest.subarray(taken.length);
    }
  }

  /** After the last chunk: whether the file starts as an IDAT, and whether every field it announces is inside it. */
  verdict(): IdatHeaderVerdict {
    const magicBytes = Math.min(this.held, IDAT_MAGIC.length);
    for (let index = 0; index < magicBytes; index++) if (this.head[index] !== IDAT_MAGIC[index]) return 'notIdat';
    if (this.held < IDAT_PREAMBLE_BYTES) return 'truncated';
    if (this.head.readBigInt64LE(4) !== IDAT_VERSION) return 'notIdat';
    const fields = this.fieldCount();
    if (fields === 0 || fields > IDAT_MAX_FIELDS) return 'notIdat';
    if (this.held < this.headerBytes()) return 'truncated';
    for (let field = 0; field < fields; field++) {
      const offset = this.head.readBigInt64LE(IDAT_PREAMBLE_BYTES + field * IDAT_FIELD_BYTES + 2);
      if (offset < 0n || offset >= BigInt(this.size)) return 'truncated';
    }
    return null;
  }

  private fieldCount(): number {
    return this.held < IDAT_PREAMBLE_BYTES ? 0 : this.head.readUInt32LE(12);
  }

  /** The preamble until the field count is known, then the whole header (bounded, whatever the count says). */
  private headerBytes(): number {
    if (this.held < IDAT_PREAMBLE_BYTES) return IDAT_PREAMBLE_BYTES;
    return IDAT_PREAMBLE_BYTES + IDAT_FIELD_BYTES * Math.min(this.fieldCount(), IDAT_MAX_FIELDS);
  }
}
