import { fromCallback, setup } from 'xstate';
import { codeLoading, connection } from '../../services/shell/code-loading';

/**
 * A page whose code could not be fetched (issue 40, "no dead ends"): the portal stays, the page says so, and it is
 * tried again when the user asks or as soon as the browser says the connection is back. Trying again is the end of
 * this actor: the page is drawn afresh, and a second failure starts a new one.
 */
export type PageCodeEvent = { type: 'page.retry' } | { type: 'network.online' };

const watchConnection = fromCallback<PageCodeEvent>(({ sendBack }) => connection.onBack(() => sendBack({ type: 'network.online' })));

export const pageCodeMachine = setup({
  types: { events: {} as PageCodeEvent },
  actors: { watchConnection },
  actions: {
    restartLoads: () => codeLoading.retry(),
    /** Without the browser's word the user's own retry still works; nothing to show for it. */
    reportWatchFailure: (_, params: { error: unknown }) => console.warn('Cannot follow the connection', params.error),
  },
}).createMachine({
  id: 'pageCode',
  initial: 'failed',
  states: {
    failed: {
      tags: ['failed'],
      description: 'The message and "Try Again" are shown; the browser is listened to for the connection coming back.',
      invoke: {
        src: 'watchConnection',
        onError: { actions: [{ type: 'reportWatchFailure', params: ({ event }) => ({ error: event.error }) }] },
      },
      on: { 'page.retry': 'retrying', 'network.online': 'retrying' },
    },
    retrying: {
      type: 'final',
      description: 'Every failed load may start afresh; the page is drawn again.',
      entry: 'restartLoads',
    },
  },
});
