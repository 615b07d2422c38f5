import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { getFileNameLowLevel, openPromise, type Entry, type ZipFile } from 'yauzl';
import {
  ANALYSIS_MAX_ENTRIES,
  ANALYSIS_MAX_UNPACKED_BYTES,
  ANALYSIS_SAMPLE_SHEET_MAX_BYTES,
  AnalysisArchiveText,
  baseName,
  readIdatName,
  sampleName,
  type IdatName,
} from '../../../src/model/orders/analysis';
import { IdatHeaderReader } from './idat-header';
import { sampleSheetProblems } from './sample-sheet';

/**
 * Issue 42 item 3: the server's check of an analysis archive it received, before it becomes an order. Everything is
 * decided from the central directory first (how many entries, how much they unpack to, what each is called), so a
 * zip bomb or a foreign archive is refused before a byte is unpacked; then each IDAT is read once as a stream
 * (CRC, header), so memory stays flat whatever the archive's size. A refusal lists every problem found, so that the
 * person fixing the archive does it once; only the problems that make the rest unreadable stop the check early.
 */

export interface ArchiveSample {
  readonly barcode: string;
  readonly position: string;
  readonly name: string;
}

export type ArchiveCheck =
  | { readonly ok: true; readonly samples: ArchiveSample[]; readonly sampleSheet: boolean }
  | { readonly ok: false; readonly problems: string[] };

export interface ArchiveCheckOptions {
  /** Tests lower these to prove the limits without writing gigabytes. */
  readonly maxUnpackedBytes?: number;
  readonly maxEntries?: number;
}

const NESTED_ARCHIVE = /\.(zip|gz|tgz|tar|7z|rar|bz2|xz|zst)$/i;
const ENCRYPTED_FLAG = 0x1;

interface IdatEntry {
  readonly entry: Entry;
  readonly name: string;
  readonly idat: IdatName;
}

/** What the central directory says: the entries to read, and what is wrong already. */
interface Listing {
  readonly idats: IdatEntry[];
  readonly sheets: { readonly entry: Entry; readonly name: string }[];
  readonly problems: string[];
}

export async function checkAnalysisArchive(path: string, options: ArchiveCheckOptions = {}): Promise<ArchiveCheck> {
  let zip: ZipFile;
  try {
    // Names stay raw bytes (decodeStrings: false): yauzl would otherwise stop at the first unsafe name with an
    // error, where the person needs that name in a sentence beside every other problem. autoClose stays off because
    // the entries are read after the whole directory was listed; `finally` closes the file.
    zip = await openPromise(path, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true });
  } catch (error) {
    return refuseUnlessSystem(error, AnalysisArchiveText.notZip);
  }
  try {
    if (zip.entryCount > (options.maxEntries ?? ANALYSIS_MAX_ENTRIES)) return refused([AnalysisArchiveText.tooManyEntries]);
    const listing = await listEntries(zip, options.maxUnpackedBytes ?? ANALYSIS_MAX_UNPACKED_BYTES);
    if ('fatal' in listing) return refused([listing.fatal]);
    return await readEntries(zip, listing);
  } finally {
    await closeArchive(zip);
  }
}

/**
 * Resolves once the file is really closed, so that the caller may delete a refused upload right away (and its disk
 * space is freed then, not when the descriptor is). yauzl closes it when the last stream ends: every stream here is
 * read to its end, or destroyed by the loop that reads it when it fails.
 */
async function closeArchive(zip: ZipFile): Promise<void> {
  const closed = new Promise<void>((resolve) => zip.once('close', () => resolve()));
  zip.close();
  await closed;
}

async function listEntries(zip: ZipFile, maxUnpackedBytes: number): Promise<Listing | { fatal: string }> {
  const listing: Listing = { idats: [], sheets: [], problems: [] };
  const channels = new Set<string>();
  let unpackedBytes = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      // Declared sizes are binding: yauzl's validateEntrySizes fails a stream that inflates to more than its entry says.
      unpackedBytes += entry.uncompressedSize;
      if (unpackedBytes > maxUnpackedBytes) return { fatal: AnalysisArchiveText.unpacksTooLarge };
      const name = getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true);
      const problem = entryProblem(name, entry);
      if (problem === IGNORE) continue;
      if (problem !== null) listing.problems.push(problem);
      else if (/\.csv$/i.test(name)) listing.sheets.push({ entry, name });
      else {
        const idat = readIdatName(name);
        if (!idat) continue; // entryProblem refused every other name
        const channel = `${sampleName(idat.barcode, idat.position)}_${idat.channel}`;
        if (channels.has(channel)) listing.problems.push(AnalysisArchiveText.duplicate(baseName(name)));
        else listing.idats.push({ entry, name, idat });
        channels.add(channel);
      }
    }
  } catch (error) {
    return refuseUnlessSystemListing(error);
  }
  if (listing.sheets.length > 1) listing.problems.push(AnalysisArchiveText.severalSheets);
  return listing;
}

/** What an archive may hold without use. */
const IGNORE = Symbol('ignore');

/** The problem with an entry's name or flags; null for an IDAT or a sample sheet worth reading. */
function entryProblem(name: string, entry: Entry): string | typeof IGNORE | null {
  if (escapes(name)) return AnalysisArchiveText.escapes(name);
  // Folders, and what macOS's "Compress" adds (resource forks, Finder settings): people do not see these files.
  if (name.endsWith('/') || name.split('/').includes('__MACOSX')) return IGNORE;
  if (baseName(name) === '.DS_Store' || baseName(name).startsWith('._')) return IGNORE;
  if ((entry.generalPurposeBitFlag & ENCRYPTED_FLAG) !== 0) return AnalysisArchiveText.encrypted(name);
  if (NESTED_ARCHIVE.test(name)) return AnalysisArchiveText.nested(name);
  if (/\.csv$/i.test(name)) return entry.uncompressedSize > ANALYSIS_SAMPLE_SHEET_MAX_BYTES ? AnalysisArchiveText.sheetTooLarge : null;
  if (/\.idat$/i.test(name)) return readIdatName(name) ? null : AnalysisArchiveText.idatName(name);
  return AnalysisArchiveText.unexpected(name);
}

/** The rules of yauzl's own validateFileName: absolute, a drive letter, a backslash, or a `..` segment. */
function escapes(name: string): boolean {
  return name.startsWith('/') || /^[a-z]:/i.test(name) || name.includes('\\') || name.split('/').includes('..');
}

async function readEntries(zip: ZipFile, listing: Listing): Promise<ArchiveCheck> {
  const problems = [...listing.problems];
  for (const { entry, name } of listing.idats) {
    const header = new IdatHeaderReader();
    const damaged = await streamEntry(zip, entry, (chunk) => header.push(chunk));
    const verdict = damaged ? 'damaged' : header.verdict();
    if (verdict) problems.push(AnalysisArchiveText[verdict](name));
  }
  const pairs = completePairs(listing.idats, problems);
  if (pairs.size === 0) problems.push(AnalysisArchiveText.noPairs);
  const [sheet] = listing.sheets;
  if (sheet && listing.sheets.length === 1) {
    const chunks: Buffer[] = [];
    // Bounded: the directory said at most ANALYSIS_SAMPLE_SHEET_MAX_BYTES, and yauzl holds the entry to that size.
    if (await streamEntry(zip, sheet.entry, (chunk) => chunks.push(chunk))) problems.push(AnalysisArchiveText.damaged(sheet.name));
    else if (pairs.size > 0) problems.push(...sampleSheetProblems(new TextDecoder().decode(Buffer.concat(chunks)), new Set(pairs.keys())));
  }
  if (problems.length > 0) return refused(problems);
  const samples = [...pairs.values()].sort((a, b) => compareText(a.barcode, b.barcode) || compareText(a.position, b.position));
  return { ok: true, samples, sampleSheet: listing.sheets.length === 1 };
}

/**
 * Every byte of the entry through `onChunk`, checked against the entry's CRC-32 and (yauzl's validateEntrySizes)
 * its declared size. True when it cannot be unpacked: a damaged deflate stream, a size that lies, a wrong CRC,
 * a compression method yauzl does not read.
 */
async function streamEntry(zip: ZipFile, entry: Entry, onChunk: (chunk: Buffer) => void): Promise<boolean> {
  let crc = 0;
  try {
    const stream: Readable = await zip.openReadStreamPromise(entry);
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      crc = crc32(chunk, crc);
      onChunk(chunk);
    }
  } catch (error) {
    if (isSystemError(error)) throw error;
    return true;
  }
  return crc !== entry.crc32;
}

/** The archive's samples with both channels; a sample with one names the file it lacks. */
function completePairs(idats: readonly IdatEntry[], problems: string[]): Map<string, ArchiveSample> {
  const bySample = new Map<string, IdatEntry[]>();
  for (const idat of idats) {
    const sample = sampleName(idat.idat.barcode, idat.idat.position);
    bySample.set(sample, [...(bySample.get(sample) ?? []), idat]);
  }
  const pairs = new Map<string, ArchiveSample>();
  for (const [sample, files] of bySample) {
    const [file] = files;
    if (!file) continue;
    if (files.length === 1) {
      const missing = file.idat.channel === 'Grn' ? 'Red' : 'Grn';
      problems.push(AnalysisArchiveText.unpaired(file.name, `${sample}_${missing}.idat`));
    } else pairs.set(sample, { barcode: file.idat.barcode, position: file.idat.position, name: sample });
  }
  return pairs;
}

/** Code-unit order, the same on every server whatever its locale. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function refused(problems: string[]): ArchiveCheck {
  return { ok: false, problems: [...new Set(problems)] };
}

/**
 * A file the server cannot read (gone, a full disk, a bad sector) is the server's fault, not the archive's: it
 * is thrown, so that the upload is kept and the check runs again, instead of telling the person to fix their zip.
 * Node's file-system errors carry `syscall`; yauzl's and zlib's format errors do not.
 */
function isSystemError(error: unknown): boolean {
  return error instanceof Error && 'syscall' in error;
}

function refuseUnlessSystem(error: unknown, problem: string): ArchiveCheck {
  if (isSystemError(error)) throw error;
  return refused([problem]);
}

function refuseUnlessSystemListing(error: unknown): { fatal: string } {
  if (isSystemError(error)) throw error;
  return { fatal: AnalysisArchiveText.notZip };
}
