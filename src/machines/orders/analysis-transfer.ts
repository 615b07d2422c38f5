import { fromCallback } from 'xstate';
import type { UploadOwner } from '../../services/orders/analysis-storage';
import { startTransfer } from '../../services/orders/analysis-upload';

/**
 * Issue 42: the analysis upload machine's transfer actor. It holds the chosen file and the tus upload for as long as
 * the transfer lasts, takes Pause, Resume and Cancel from the machine, and reports progress, the upload's address,
 * the connection, the last byte and a failure back to it.
 */

/** What the transfer actor tells the machine. */
export type TransferReport =
  | { type: 'analysis.progress'; sent: number; total: number; at: number }
  | { type: 'analysis.located'; uploadUrl: string }
  | { type: 'analysis.offline' }
  | { type: 'analysis.online' }
  | { type: 'analysis.sent'; uploadUrl: string }
  | { type: 'analysis.failed'; message: string }
  | { type: 'analysis.cancelled' };

/** What the machine tells the transfer actor. */
export type TransferCommand = { type: 'pause' } | { type: 'resume' } | { type: 'cancel' };

export interface FileInput {
  readonly file: File;
  readonly owner: UploadOwner;
}

export const transfer = fromCallback<TransferCommand, FileInput | null, TransferReport>(({ input, sendBack, receive }) => {
  if (!input) return undefined;
  const running = startTransfer(input.file, input.owner, {
    progress: (sent, total) => sendBack({ type: 'analysis.progress', sent, total, at: Date.now() }),
    located: (uploadUrl) => sendBack({ type: 'analysis.located', uploadUrl }),
    connection: (online) => sendBack({ type: online ? 'analysis.online' : 'analysis.offline' }),
    finished: (uploadUrl) => sendBack({ type: 'analysis.sent', uploadUrl }),
    failed: (error) => sendBack({ type: 'analysis.failed', message: error.message }),
  });
  receive((command) => {
    if (command.type === 'pause') void running.pause();
    if (command.type === 'resume') running.resume();
    if (command.type === 'cancel') void running.cancel().finally(() => sendBack({ type: 'analysis.cancelled' }));
  });
  return () => running.stop();
});
