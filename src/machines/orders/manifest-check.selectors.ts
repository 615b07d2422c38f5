import type { SnapshotFrom } from 'xstate';
import type { ManifestState } from '../../model/orders/manifest-upload';
import type { ManifestOutcome } from '../../services/orders/manifest-check';
import type { manifestCheckMachine } from './manifest-check.machine';

type ManifestCheckSnapshot = SnapshotFrom<typeof manifestCheckMachine>;

export interface ManifestCheckView {
  /** The chosen file's name, kept through every outcome until another file is chosen. */
  fileName: string | null;
  /** Where the file stands, for the upload guard and its tooltip. */
  manifest: ManifestState;
  checking: boolean;
  /** What the check found, once it has. */
  outcome: ManifestOutcome | null;
  /** The check could not run. */
  failure: string | null;
  /** The row errors may be saved as CSV. */
  canDownloadErrors: boolean;
}

function manifestState(snapshot: ManifestCheckSnapshot): ManifestState {
  if (snapshot.hasTag('ready')) return 'ready';
  if (snapshot.hasTag('checking')) return 'checking';
  if (snapshot.hasTag('invalid')) return 'invalid';
  return 'none';
}

export function selectManifestCheck(snapshot: ManifestCheckSnapshot): ManifestCheckView {
  return {
    fileName: snapshot.context.fileName,
    manifest: manifestState(snapshot),
    checking: snapshot.hasTag('checking'),
    outcome: snapshot.context.outcome,
    failure: snapshot.context.failure,
    canDownloadErrors: snapshot.can({ type: 'manifest.downloadErrors' }),
  };
}
