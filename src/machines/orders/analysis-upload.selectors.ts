import type { SnapshotFrom } from 'xstate';
import { formatBytes, progressView, type ProgressView } from '../../model/orders/analysis-progress';
import { AnalysisPageText, AnalysisProgressText } from '../../model/orders/analysis-texts';
import { formatOrderDate } from '../../model/orders/order-history';
import { orderDetailPath } from '../../model/shell/navigation';
import type { analysisUploadMachine } from './analysis-upload.machine';

type AnalysisUploadSnapshot = SnapshotFrom<typeof analysisUploadMachine>;

/** Where the page is: which of its panels shows. */
export type AnalysisStage = 'choosing' | 'checking' | 'transfer' | 'verifying' | 'done' | 'failed';

export interface ResumeOffer {
  readonly key: string;
  readonly text: string;
}

export interface AnalysisUploadView {
  readonly stage: AnalysisStage;
  readonly fileName: string;
  /** The bar: percent, "x of y sent", speed and time left. */
  readonly progress: ProgressView;
  /** The line under the bar: paused, offline, cancelling, resuming or starting; null while bytes flow. */
  readonly status: string | null;
  readonly offline: boolean;
  readonly paused: boolean;
  readonly canPause: boolean;
  readonly canResume: boolean;
  readonly canCancel: boolean;
  readonly orderNumber: string | null;
  readonly orderPath: string | null;
  /** "Reports are due by …" for an accepted archive whose due date the server gave. */
  readonly dueBy: string | null;
  readonly error: string | null;
  readonly problems: readonly string[];
  /**
   * Try Again is offered where it can succeed: after a failed transfer or a lost answer. A refused archive was deleted
   * and the same bytes would be refused again, so only another file helps.
   */
  readonly canRetry: boolean;
  readonly offers: readonly ResumeOffer[];
}

function stageOf(snapshot: AnalysisUploadSnapshot): AnalysisStage {
  if (snapshot.hasTag('done')) return 'done';
  if (snapshot.hasTag('failed')) return 'failed';
  if (snapshot.hasTag('verifying')) return 'verifying';
  if (snapshot.hasTag('choosing')) return 'choosing';
  if (['uploading', 'paused', 'cancelling'].some((tag) => snapshot.hasTag(tag))) return 'transfer';
  return 'checking';
}

function statusOf(snapshot: AnalysisUploadSnapshot): string | null {
  const { context } = snapshot;
  if (snapshot.hasTag('offline')) return AnalysisPageText.offline;
  if (snapshot.hasTag('paused')) return AnalysisPageText.paused;
  if (snapshot.hasTag('cancelling')) return AnalysisPageText.cancelling;
  if (context.sent > 0) return null;
  return context.resumable ? AnalysisPageText.resuming : AnalysisPageText.starting;
}

function dueByOf(dueDate: string | null): string | null {
  const date = formatOrderDate(dueDate);
  return date ? AnalysisPageText.dueBy(date) : null;
}

export function selectAnalysisUpload(snapshot: AnalysisUploadSnapshot): AnalysisUploadView {
  const { context } = snapshot;
  const stage = stageOf(snapshot);
  const orderNumber = stage === 'done' ? context.orderNumber : null;
  return {
    stage,
    fileName: context.fileName,
    progress: progressView(context.sent, context.total, context.samples),
    status: stage === 'transfer' ? statusOf(snapshot) : null,
    offline: snapshot.hasTag('offline'),
    paused: snapshot.hasTag('paused'),
    canPause: snapshot.can({ type: 'analysis.pause' }),
    canResume: snapshot.can({ type: 'analysis.resume' }),
    canCancel: snapshot.can({ type: 'analysis.cancel' }),
    orderNumber,
    orderPath: orderNumber ? orderDetailPath(orderNumber) : null,
    dueBy: dueByOf(stage === 'done' ? context.dueDate : null),
    error: stage === 'failed' ? context.error : null,
    problems: stage === 'failed' ? context.problems : [],
    canRetry: stage === 'failed' && context.problems.length === 0,
    offers: stage === 'choosing' ? selectOffers(snapshot) : [],
  };
}

/** "archive.zip (1.2 GB of 4.8 GB sent, started on Nov 30, 2026 7:40 AM): choose the same file again to resume it." */
export function selectOffers(snapshot: AnalysisUploadSnapshot): ResumeOffer[] {
  return snapshot.context.unfinished.map((upload) => {
    const progress =
      upload.sent === null ? formatBytes(upload.size) : AnalysisProgressText.sentOf(formatBytes(upload.sent), formatBytes(upload.size));
    return { key: upload.uploadUrl, text: AnalysisPageText.resumeOffer(upload.fileName, progress, formatOrderDate(upload.startedAt)) };
  });
}
