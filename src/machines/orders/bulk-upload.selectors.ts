import type { SnapshotFrom } from 'xstate';
import type { ManifestRowProblem } from '../../model/orders/manifest-answers';
import { ManifestPageText, ManifestSpecText } from '../../model/orders/manifest-texts';
import { uploadBlocker, type UploadReadiness } from '../../model/orders/manifest-upload';
import type { bulkUploadMachine } from './bulk-upload.machine';

type BulkUploadSnapshot = SnapshotFrom<typeof bulkUploadMachine>;

export interface BulkUploadView {
  /** The upload is under way: the button says "Uploading..." and the file cannot be changed. */
  busy: boolean;
  /** Uploaded: the success message shows until the page leaves for /orders. */
  uploaded: boolean;
  /** The §8 failure message, or null. */
  error: string | null;
  /** The server's own words about the failure, if any. */
  detail: string | null;
  /** The rows the service refused, shown in the page's table of rows to fix; empty otherwise. */
  rowErrors: readonly ManifestRowProblem[];
  /** The service's refused rows may be saved as CSV. */
  canDownloadErrors: boolean;
}

export function selectBulkUpload(snapshot: BulkUploadSnapshot): BulkUploadView {
  const failed = snapshot.hasTag('failed');
  return {
    busy: snapshot.hasTag('busy'),
    uploaded: snapshot.hasTag('uploaded'),
    error: failed ? ManifestSpecText.uploadFailed : null,
    detail: failed ? snapshot.context.detail : null,
    rowErrors: snapshot.hasTag('refused') ? snapshot.context.rowErrors : [],
    canDownloadErrors: snapshot.can({ type: 'bulk.downloadErrors' }),
  };
}

export interface UploadButtonView {
  label: string;
  loading: boolean;
  disabled: boolean;
  /** Why it is disabled (ordering §5 tooltips), or null. */
  tooltip: string | null;
}

/** The Upload File button: its label, and whether the machine takes an upload of this file now, and if not, why. */
export function selectUploadButton(snapshot: BulkUploadSnapshot, file: File | null, readiness: UploadReadiness): UploadButtonView {
  const busy = snapshot.hasTag('busy');
  // Rows the service refused are fixed in the file, as the page's own are: the same tooltip says so.
  const tooltip = snapshot.hasTag('refused') ? ManifestPageText.fixRowsTooltip : uploadBlocker(readiness);
  const canUpload = file !== null && snapshot.can({ type: 'bulk.upload', file, readiness });
  return {
    label: busy ? ManifestPageText.uploading : ManifestPageText.uploadFile,
    loading: busy,
    disabled: !canUpload,
    tooltip: busy || snapshot.hasTag('uploaded') ? null : tooltip,
  };
}
