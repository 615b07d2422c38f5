import type { SnapshotFrom } from 'xstate';
import type { addCardMachine } from './add-card.machine';

type AddCardSnapshot = SnapshotFrom<typeof addCardMachine>;

export interface AddCardView {
  /** The modal is shown. */
  open: boolean;
  /** The card is being created and attached: "Adding...", and the modal cannot be dismissed. */
  busy: boolean;
  /** The Add Payment Method button of the panel opens the modal. */
  canOpen: boolean;
  /** Add and Cancel take a click: the modal is open and not busy. */
  canSubmit: boolean;
  error: string | null;
}

export function selectAddCard(snapshot: AddCardSnapshot): AddCardView {
  return {
    open: snapshot.hasTag('open'),
    busy: snapshot.hasTag('busy'),
    canOpen: snapshot.can({ type: 'addCard.open' }),
    canSubmit: snapshot.can({ type: 'addCard.submit', complete: true }),
    error: snapshot.context.error,
  };
}
