import { assertEvent, fromPromise, setup } from 'xstate';
import { COPY_FEEDBACK_MS } from '../../model/developers/webhook-rules';
import { clipboard } from '../../services/platform/clipboard';

/**
 * One secret on the developer settings page (kits §2, §9): the API key, the schema name or the webhooks secret.
 * It shows masked or in full (show/hide), and copies its full value to the clipboard; "Copied", or the failure,
 * shows for 2 s. The value itself stays with the view's query data: a copy carries the text to copy, so the
 * secret never lives in the machine.
 */

export type SecretFieldEvent = { type: 'secret.show' } | { type: 'secret.hide' } | { type: 'secret.copy'; text: string };

const copyTarget = {
  guard: { type: 'hasText', params: ({ event }: { event: { text: string } }) => ({ text: event.text }) },
  target: '#secretFieldCopying',
} as const;

export const secretFieldMachine = setup({
  types: {
    events: {} as SecretFieldEvent,
  },
  actors: {
    copy: fromPromise<void, { text: string }>(({ input }) => clipboard.write(input.text)),
  },
  guards: {
    // A field the service left empty has nothing to copy; "Copied" would claim otherwise.
    hasText: (_, params: { text: string }) => params.text.length > 0,
  },
  delays: { COPY_FEEDBACK: COPY_FEEDBACK_MS },
}).createMachine({
  id: 'secretField',
  type: 'parallel',
  states: {
    visibility: {
      initial: 'hidden',
      states: {
        hidden: { on: { 'secret.show': 'shown' } },
        shown: { tags: ['shown'], on: { 'secret.hide': 'hidden' } },
      },
    },
    copy: {
      initial: 'idle',
      states: {
        idle: { on: { 'secret.copy': copyTarget } },
        copying: {
          id: 'secretFieldCopying',
          tags: ['copying'],
          invoke: {
            id: 'copy',
            src: 'copy',
            input: ({ event }) => {
              assertEvent(event, 'secret.copy');
              return { text: event.text };
            },
            onDone: 'copied',
            onError: 'copyFailed',
          },
        },
        // A copy during the feedback copies again and starts the 2 s anew.
        copied: { tags: ['copied'], after: { COPY_FEEDBACK: 'idle' }, on: { 'secret.copy': copyTarget } },
        copyFailed: { tags: ['copyFailed'], after: { COPY_FEEDBACK: 'idle' }, on: { 'secret.copy': copyTarget } },
      },
    },
  },
});
