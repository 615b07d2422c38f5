import { analysisFileProblem, AnalysisFileText, looksLikeZip } from '../../model/orders/analysis';
import { AnalysisPageText } from '../../model/orders/analysis-texts';
import { UserFacingError } from '../http/api-error';
import { storedUploadOf, type UploadOwner } from './analysis-storage';

/**
 * Issue 42: what the page checks before sending a byte (the model's rules: a .zip within the limit whose first bytes
 * are a zip's), and whether the same file has an unfinished upload to resume.
 */

export interface FileInspection {
  /** The browser holds an unfinished upload of this file: the transfer continues it. */
  readonly resumable: boolean;
}

async function firstBytes(file: File, count: number): Promise<Uint8Array> {
  try {
    return new Uint8Array(await file.slice(0, count).arrayBuffer());
  } catch {
    throw new UserFacingError(AnalysisPageText.unreadable);
  }
}

export async function inspectFile(file: File, owner: UploadOwner): Promise<FileInspection> {
  const problem = analysisFileProblem(file);
  if (problem) throw new UserFacingError(problem);
  if (!looksLikeZip(await firstBytes(file, 4))) throw new UserFacingError(AnalysisFileText.notZipBytes);
  const stored = await storedUploadOf(file, owner).catch(() => null);
  return { resumable: stored !== null };
}
