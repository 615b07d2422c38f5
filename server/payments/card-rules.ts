import { OrderingFailureText, PaymentMethodsText } from '../../src/model/orders/texts';

/** What the saved-card calls answer when they refuse; the client shows a server message as it is. */
export const CardServerText = {
  /** SetDefault and DELETE of a card the practice does not have, another practice's included. */
  notFound: 'No card with this id belongs to the practice',
  /** Ordering §4, with what to do instead. */
  defaultInUse: `A default card cannot be deleted while other cards exist. ${PaymentMethodsText.defaultNotDeletable}.`,
  /** Worded like the provider's own refusal, so both modes read alike. */
  noSuchCard: (id: string) => `No such payment method: '${id}'`,
  /** A charge the provider neither refused nor completed, e.g. one that wants the card holder present. */
  notCharged: OrderingFailureText.processCard,
  /** The provider refused the server's own key: a deployment problem the user can only report. */
  notConfigured: OrderingFailureText.paymentNotConfigured,
  unreachable: 'The card provider could not be reached. Please try again in a moment.',
} as const;

/**
 * Nothing is charged for a free order (zero cents); anything but a whole number of cents from zero up
 * is the caller's bug, not the card holder's.
 */
export function chargeable(amountCents: number): boolean {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0)
    throw new Error(`A charge must be a whole number of cents, got ${amountCents}`);
  return amountCents > 0;
}
