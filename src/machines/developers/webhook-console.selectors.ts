import type { SnapshotFrom } from 'xstate';
import type { LogEntryRef, webhookConsoleMachine } from './webhook-console.machine';

type WebhookConsoleSnapshot = SnapshotFrom<typeof webhookConsoleMachine>;

export interface WebhookConsoleView {
  /** "Send test event" is under way: its button is loading. */
  sendingTest: boolean;
  /** The delivery log is shown. */
  logOpen: boolean;
  /** The log's page (newest first), from 1. */
  page: number;
  /** "Show newer" takes a click: the log is past its first page. */
  canGoNewer: boolean;
  /** The entry whose request body is open in a dialog. */
  viewing: LogEntryRef | null;
  /** The delivery being resent: its Resend is loading, and every Resend waits. */
  resending: string | null;
}

export function selectWebhookConsole(snapshot: WebhookConsoleSnapshot): WebhookConsoleView {
  return {
    sendingTest: snapshot.hasTag('sendingTest'),
    logOpen: snapshot.hasTag('logOpen'),
    page: snapshot.context.page,
    canGoNewer: snapshot.can({ type: 'console.newerPage' }),
    viewing: snapshot.hasTag('viewingBody') ? snapshot.context.viewing : null,
    resending: snapshot.hasTag('resending') ? snapshot.context.resending : null,
  };
}

/** Whether an entry is the one whose body is open. */
export function isViewing(view: WebhookConsoleView, entry: LogEntryRef): boolean {
  return view.viewing?.deliveryId === entry.deliveryId && view.viewing.attempt === entry.attempt;
}
