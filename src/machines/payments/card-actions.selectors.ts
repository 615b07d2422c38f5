import type { SnapshotFrom } from 'xstate';
import type { cardActionsMachine } from './card-actions.machine';

type CardActionsSnapshot = SnapshotFrom<typeof cardActionsMachine>;

export interface CardActionsView {
  /** The card whose action is under way, or asked about. */
  cardId: string | null;
  /** A call is under way: no other action is offered. */
  busy: boolean;
  /** The delete question is shown for `cardId`. */
  confirmingDelete: boolean;
  /** Set Default and Delete take a click. */
  canAct: boolean;
}

export function selectCardActions(snapshot: CardActionsSnapshot): CardActionsView {
  return {
    cardId: snapshot.context.cardId,
    busy: snapshot.hasTag('busy'),
    confirmingDelete: snapshot.hasTag('confirming'),
    canAct: snapshot.can({ type: 'card.setDefault', id: '' }),
  };
}
