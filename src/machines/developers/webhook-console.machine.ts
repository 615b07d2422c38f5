import { assertEvent, assign, fromPromise, raise, setup } from 'xstate';
import type { DeliveryQueued } from '../../model/developers/webhook-console';
import { WebhookConsoleFailureText, WebhookConsoleText } from '../../model/developers/webhook-console-texts';
import { messageOf } from '../../services/http/api-error';
import { queryClient } from '../../services/http/query-client';
import { deliveryLogKeys } from '../../services/developers/queries';
import { isMissingCall, webhookConsoleApi } from '../../services/developers/webhook-console.api';
import { notify } from '../../services/platform/notify';

/**
 * One webhook's console on /integrations (issue 44 item 3): "Send test event", its delivery log (shown or hidden,
 * page by page, one entry's request body open at a time) and "Resend" on any entry. The log's entries stay with the
 * view's query (`deliveryLogQuery`); the machine keeps only which page is shown and which body is open, and
 * invalidates the log after a test event or a resend. A test event opens the log, so the user sees it arrive.
 *
 * Against a portalApi without these calls (404) a failure says the console is not available there.
 */

export interface WebhookConsoleInput {
  uid: string;
}

/** One attempt in the log: a delivery id and its attempt number (null for the attempt it waits for). */
export interface LogEntryRef {
  deliveryId: string;
  attempt: number | null;
}

export interface WebhookConsoleContext {
  uid: string;
  /** The log's page, from 1 (newest first). */
  page: number;
  /** The entry whose request body is open. */
  viewing: LogEntryRef | null;
  /** The delivery being resent, whose button is loading. */
  resending: string | null;
}

export type WebhookConsoleEvent =
  | { type: 'console.sendTest' }
  | { type: 'console.openLog' }
  | { type: 'console.closeLog' }
  | { type: 'console.olderPage' }
  | { type: 'console.newerPage' }
  | { type: 'console.viewBody'; entry: LogEntryRef }
  | { type: 'console.closeBody' }
  | { type: 'console.resend'; deliveryId: string };

/** A failure's text: not available on a service without the call, else the server's words or the fallback. */
export function consoleFailureText(error: unknown, fallback: string): string {
  return isMissingCall(error) ? WebhookConsoleText.notAvailable : messageOf(error, fallback);
}

export const webhookConsoleMachine = setup({
  types: {
    context: {} as WebhookConsoleContext,
    events: {} as WebhookConsoleEvent,
    input: {} as WebhookConsoleInput,
  },
  actors: {
    sendTest: fromPromise<DeliveryQueued, { uid: string }>(({ input, signal }) => webhookConsoleApi.sendTest(input.uid, { signal })),
    resend: fromPromise<DeliveryQueued, { deliveryId: string }>(({ input, signal }) =>
      webhookConsoleApi.resend(input.deliveryId, { signal }),
    ),
  },
  guards: {
    notFirstPage: ({ context }) => context.page > 1,
  },
  actions: {
    firstPage: assign({ page: 1, viewing: null }),
    olderPage: assign(({ context }) => ({ page: context.page + 1, viewing: null })),
    newerPage: assign(({ context }) => ({ page: Math.max(1, context.page - 1), viewing: null })),
    assignViewing: assign((_, params: { entry: LogEntryRef }) => ({ viewing: { ...params.entry } })),
    forgetViewing: assign({ viewing: null }),
    assignResending: assign((_, params: { deliveryId: string }) => ({ resending: params.deliveryId })),
    forgetResending: assign({ resending: null }),
    // The log shows what the test event did: opened on its first page, if it was not open already.
    showLog: raise({ type: 'console.openLog' }),
    notifyTestQueued: () => notify.success(WebhookConsoleText.testQueued),
    notifyResent: () => notify.success(WebhookConsoleText.resent),
    notifyTestFailed: (_, params: { error: unknown }) => notify.error(consoleFailureText(params.error, WebhookConsoleFailureText.sendTest)),
    notifyResendFailed: (_, params: { error: unknown }) => notify.error(consoleFailureText(params.error, WebhookConsoleFailureText.resend)),
    refreshLog: ({ context }) => void queryClient.invalidateQueries({ queryKey: deliveryLogKeys.of(context.uid) }),
  },
}).createMachine({
  id: 'webhookConsole',
  type: 'parallel',
  context: ({ input }) => ({ uid: input.uid, page: 1, viewing: null, resending: null }),
  states: {
    test: {
      initial: 'idle',
      states: {
        idle: { on: { 'console.sendTest': 'sending' } },
        sending: {
          tags: ['sendingTest'],
          invoke: {
            id: 'sendTest',
            src: 'sendTest',
            input: ({ context }) => ({ uid: context.uid }),
            onDone: { target: 'idle', actions: ['notifyTestQueued', 'refreshLog', 'showLog'] },
            onError: { target: 'idle', actions: { type: 'notifyTestFailed', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    log: {
      initial: 'closed',
      states: {
        closed: { on: { 'console.openLog': { target: 'open', actions: 'firstPage' } } },
        open: {
          tags: ['logOpen'],
          initial: 'list',
          on: {
            'console.closeLog': 'closed',
            'console.olderPage': { target: '.list', actions: 'olderPage' },
            'console.newerPage': { guard: 'notFirstPage', target: '.list', actions: 'newerPage' },
          },
          states: {
            list: {
              on: {
                'console.viewBody': {
                  target: 'viewingBody',
                  actions: { type: 'assignViewing', params: ({ event }) => ({ entry: event.entry }) },
                },
              },
            },
            viewingBody: {
              tags: ['viewingBody'],
              exit: 'forgetViewing',
              on: { 'console.closeBody': 'list' },
            },
          },
        },
      },
    },
    resend: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'console.resend': {
              target: 'resending',
              actions: { type: 'assignResending', params: ({ event }) => ({ deliveryId: event.deliveryId }) },
            },
          },
        },
        resending: {
          tags: ['resending'],
          exit: 'forgetResending',
          invoke: {
            id: 'resend',
            src: 'resend',
            input: ({ event }) => {
              assertEvent(event, 'console.resend');
              return { deliveryId: event.deliveryId };
            },
            onDone: { target: 'idle', actions: ['notifyResent', 'refreshLog'] },
            onError: { target: 'idle', actions: { type: 'notifyResendFailed', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});
