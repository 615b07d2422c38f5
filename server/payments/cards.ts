import type { PaymentMethod } from '../../src/model/payments/payment';

/**
 * The practice's saved cards and charging them, whoever keeps them: the card provider (the `stripe`
 * package, when a secret key is configured) or the server's own table (demo mode, no provider).
 * Every call is scoped to one practice; a card of another practice is "not found".
 */
export interface Cards {
  list(practiceId: number): Promise<PaymentMethod[]>;
  /** Saves a card the provider's script created in the browser; a 400 HttpError when the provider refuses it. */
  attach(practiceId: number, paymentMethodId: string): Promise<PaymentMethod>;
  /** null when the practice has no such card. */
  setDefault(practiceId: number, paymentMethodId: string): Promise<PaymentMethod | null>;
  /** 'not-found', 'default-in-use' (ordering §4), or 'deleted'. */
  remove(practiceId: number, paymentMethodId: string): Promise<'deleted' | 'not-found' | 'default-in-use'>;
  /** Whether the card is one of the practice's saved cards. */
  owns(practiceId: number, paymentMethodId: string): Promise<boolean>;
  /**
   * Charges a saved card at order time (ordering §9: a card on file is charged immediately). The key
   * makes a repeated charge for one order a no-op at the provider. A refusal throws a 400 HttpError
   * whose message is the provider's own.
   */
  charge(charge: {
    practiceId: number;
    paymentMethodId: string;
    amountCents: number;
    idempotencyKey: string;
    description: string;
  }): Promise<void>;
}
