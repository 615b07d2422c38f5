import * as v from 'valibot';
import { formatCount } from '../number-format';

/**
 * Issue 42: the analysis upload (/analysis). Research institutions send the raw IDAT files of their own arrays as one
 * zip over the tus protocol (resumable upload); the server checks the archive and turns it into an analysis order.
 * The limits and the shape of the archive are here once: the page checks the file with them before sending a byte,
 * and the server checks the bytes it received with them.
 */

/** Ordering §2: "Analysis upload: zip up to 5 GB, reports within 48 hours". */
export const ANALYSIS_UPLOAD_MAX_GB = 5;
export const ANALYSIS_REPORT_HOURS = 48;
/** 5 GB read the binary way, so that every file a computer calls "5 GB" fits. */
export const ANALYSIS_UPLOAD_MAX_BYTES = ANALYSIS_UPLOAD_MAX_GB * 1024 ** 3;
/**
 * IDAT files barely compress, so their archive unpacks to about its own size; twice the upload limit leaves room for
 * sample sheets and stored padding and still refuses a zip bomb before a byte of it is unpacked.
 */
export const ANALYSIS_MAX_UNPACKED_BYTES = 2 * ANALYSIS_UPLOAD_MAX_BYTES;
/** Far more files than 5 GB of IDAT pairs hold (about 10 MB each), few enough to list the central directory at once. */
export const ANALYSIS_MAX_ENTRIES = 20_000;
/** A sample sheet is a few kilobytes; it is read into memory, so it has a bound of its own. */
export const ANALYSIS_SAMPLE_SHEET_MAX_BYTES = 1024 * 1024;
/**
 * The size of each PATCH: 5 MiB takes about 40 s at 1 Mbit/s, under the one-minute timeouts of common proxies, and a
 * chunk cut short keeps the bytes the server received, so a lost connection costs at most the bytes in flight.
 */
export const ANALYSIS_CHUNK_BYTES = 5 * 1024 * 1024;
/** The tus Upload-Metadata header's longest value: a file name of 255 characters in base64, a media type, room to spare. */
export const ANALYSIS_METADATA_MAX_LENGTH = 1024;
/** Where the tus protocol's calls go, under the API base path. */
export const ANALYSIS_UPLOADS_PATH = '/Analysis/Uploads';

/** Every IDAT file starts with these four bytes ("IDAT"). */
export const IDAT_MAGIC = [0x49, 0x44, 0x41, 0x54] as const;

/** `{barcode}_{position}_Grn.idat` / `_Red.idat`: the array's barcode (digits) and the sample's position (R01C01). */
const IDAT_NAME = /^([0-9]{8,14})_(R[0-9]{2}C[0-9]{2})_(Grn|Red)\.idat$/i;

export interface IdatName {
  readonly barcode: string;
  readonly position: string;
  readonly channel: 'Grn' | 'Red';
}

/** The file name's last part (an archive may hold its files in a folder). */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** What an IDAT file's name says, or null when it does not follow `{barcode}_{position}_Grn|Red.idat`. */
export function readIdatName(path: string): IdatName | null {
  const match = IDAT_NAME.exec(baseName(path));
  if (!match) return null;
  const [, barcode = '', position = '', channel = ''] = match;
  return { barcode, position: position.toUpperCase(), channel: channel.toLowerCase() === 'grn' ? 'Grn' : 'Red' };
}

/** One sample of an analysis: its array and its position on it, written as Illumina writes them, `{barcode}_{position}`. */
export function sampleName(barcode: string, position: string): string {
  return `${barcode}_${position.toUpperCase()}`;
}

/** What the page checks before sending a byte: a .zip, not empty, within the limit. Null when it may go. */
export function analysisFileProblem(file: { readonly name: string; readonly size: number }): string | null {
  if (!/\.zip$/i.test(file.name)) return AnalysisFileText.notZip;
  if (file.size === 0) return AnalysisFileText.empty;
  if (file.size > ANALYSIS_UPLOAD_MAX_BYTES) return AnalysisFileText.tooLarge;
  return null;
}

/** A zip's first bytes: a local file header (PK\3\4), or the end record of an empty archive (PK\5\6). */
export function looksLikeZip(firstBytes: Uint8Array): boolean {
  return (
    firstBytes[0] === 0x50 && firstBytes[1] === 0x4b && (firstBytes[2] === 3 || firstBytes[2] === 5) && firstBytes[3] === firstBytes[2] + 1
  );
}

/**
 * GET /Analysis/Uploads/{id}/Outcome: where an upload stands. `uploading` until its last byte arrives, `checking`
 * while the server reads the archive, then `accepted` with the new order's number or `refused` with what is wrong
 * (the upload is then deleted). Read leniently, like every answer.
 */
export const AnalysisOutcomeStates = ['uploading', 'checking', 'accepted', 'refused'] as const;
export type AnalysisOutcomeState = (typeof AnalysisOutcomeStates)[number];

export const AnalysisOutcomeSchema = v.looseObject({
  state: v.pipe(v.picklist(AnalysisOutcomeStates), v.description('Where the upload stands')),
  orderNumber: v.nullish(v.pipe(v.string(), v.description('The analysis order the accepted archive became'))),
  dueDate: v.nullish(v.pipe(v.string(), v.description('When the reports of an accepted archive are due (48 hours after it arrived)'))),
  message: v.nullish(v.pipe(v.string(), v.description('Why the archive was refused, in one sentence'))),
  problems: v.nullish(v.pipe(v.array(v.string()), v.description('Each thing wrong with a refused archive'))),
});
export type AnalysisOutcome = v.InferOutput<typeof AnalysisOutcomeSchema>;

/** Why the page or the server refuses a file before or at its creation. */
export const AnalysisFileText = {
  notZip: 'Only .zip files are accepted. Put the IDAT files (and the sample sheet, if any) into one zip file.',
  notZipBytes: 'This file is not a zip archive, although its name ends in .zip. Create the zip file again.',
  empty: 'The file is empty.',
  tooLarge: `The file is larger than ${ANALYSIS_UPLOAD_MAX_GB} GB. Split the IDAT files into several zip files of up to ${ANALYSIS_UPLOAD_MAX_GB} GB each.`,
  tooManyUploads: (limit: number) =>
    `Your organization already has ${limit} uploads under way. Finish or cancel one of them, then try again.`,
  noSpace: 'The laboratory cannot take an upload of this size right now. Please try again later or contact support.',
  notFound: 'This upload no longer exists: unfinished uploads are removed after a while. Choose the file again to start over.',
} as const;

/** At most this many problems are kept for a refused archive (one of 20,000 stray files would list them all). */
export const ANALYSIS_MAX_PROBLEMS = 50;

/** Why the server refuses an archive it received (each a line of `problems`); the summary is `refused`. */
export const AnalysisArchiveText = {
  refused: 'The archive was not accepted and has been deleted. Fix what is listed and upload it again.',
  notZip: 'The file is not a readable zip archive (its central directory is missing or damaged).',
  tooManyEntries: `The archive holds more than ${formatCount(ANALYSIS_MAX_ENTRIES)} files.`,
  unpacksTooLarge: `The archive unpacks to more than ${ANALYSIS_UPLOAD_MAX_GB * 2} GB, far more than its IDAT files can take up.`,
  escapes: (name: string) => `"${name}" would be unpacked outside the archive's folder.`,
  nested: (name: string) => `"${name}" is an archive inside the archive: put the IDAT files themselves into the zip file.`,
  encrypted: (name: string) => `"${name}" is encrypted: create the zip file without a password.`,
  unexpected: (name: string) => `"${name}" is neither an IDAT file nor a sample sheet (.csv).`,
  idatName: (name: string) =>
    `"${name}" is not named {barcode}_{position}_Grn.idat or _Red.idat (for example 205832590012_R01C01_Grn.idat).`,
  notIdat: (name: string) => `"${name}" is not an IDAT file: it does not start as one.`,
  truncated: (name: string) => `"${name}" is incomplete: the file ends before the data its header announces.`,
  damaged: (name: string) => `"${name}" cannot be unpacked: the archive is damaged.`,
  duplicate: (name: string) => `"${name}" appears more than once in the archive.`,
  noPairs: 'The archive holds no IDAT pair: each sample needs its _Grn.idat and its _Red.idat file.',
  unpaired: (name: string, missing: string) => `"${name}" has no partner: ${missing} is missing.`,
  severalSheets: 'The archive holds more than one sample sheet (.csv); keep one.',
  sheetTooLarge: 'The sample sheet is larger than 1 MB.',
  sheetColumns: 'The sample sheet has no header row naming the Sentrix_ID and Sentrix_Position columns.',
  sheetMissing: (sample: string) => `The sample sheet does not name ${sample}, whose IDAT files are in the archive.`,
  sheetExtra: (sample: string) => `The sample sheet names ${sample}, but its IDAT files are not in the archive.`,
  /** The end of a long list of problems: the page lists the first ones and says how many more there are. */
  more: (count: number) => `…and ${formatCount(count)} more problems like these.`,
  /** The server's own check: a sample's name is a kit's barcode, which is unique. */
  alreadyUploaded: (sample: string) => `Sample ${sample} was uploaded before: each array position can be analysed once.`,
} as const;
