import { setup } from 'xstate';
import { KIT_DETAIL_REDIRECT_MS } from '../../model/kits/kit-detail';
import { Paths } from '../../model/shell/navigation';
import { browser } from '../../services/platform/browser';

/**
 * Kits §8 on the kit detail page: a kit that cannot be loaded shows its message and "Redirecting to kits
 * list...", and after a short while the kits list opens in its place (replacing the kit's address, so that Back
 * does not return to the failure). Leaving the page first ("Back to Kits", the menu) stops the actor and its
 * timer with it.
 */
export const kitLoadFailureMachine = setup({
  delays: { redirect: KIT_DETAIL_REDIRECT_MS },
  actions: {
    goToKits: () => browser.navigate(Paths.kits, { replace: true }),
  },
}).createMachine({
  id: 'kitLoadFailure',
  initial: 'redirecting',
  states: {
    redirecting: {
      tags: ['redirecting'],
      description: 'The message and "Redirecting to kits list..." are shown while the wait runs.',
      after: { redirect: 'left' },
    },
    left: { type: 'final', entry: 'goToKits' },
  },
});
