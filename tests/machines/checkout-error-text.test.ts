import { describe, expect, it } from 'vitest';
import { ErrorText } from '../../src/model/messages';
import { OrderingFailureText } from '../../src/model/orders/texts';
import { checkoutErrorText } from '../../src/machines/orders/checkout-attempt';
import { ApiError } from '../../src/services/http/api-error';

/** Ordering §8 and issue 40 point 10: what a failed Place Order says, by how the practice pays. */
describe('the checkout’s failure text', () => {
  const withoutMessage = new ApiError(ErrorText.server, 'http', 500);
  const unreadable = new SyntaxError('Unexpected end of JSON input');
  const withMessage = new ApiError('Card declined by issuer', 'http', 402);
  const offline = new ApiError(ErrorText.network, 'network', null);

  it('a Net 30 payer reads "Failed to place order" when the server gives no message, or a body that cannot be read', () => {
    expect(checkoutErrorText(withoutMessage, false)).toBe('Failed to place order');
    expect(checkoutErrorText(unreadable, false)).toBe(OrderingFailureText.placeOrder);
  });

  it('a card payer keeps the card advice in those cases', () => {
    expect(checkoutErrorText(withoutMessage, true)).toBe('Please try checking out with another credit card.');
    expect(checkoutErrorText(unreadable, true)).toBe(OrderingFailureText.checkoutFallback);
  });

  it('the server’s own message, and the shared text for no connection, win for both', () => {
    for (const paysByCard of [false, true]) {
      expect(checkoutErrorText(withMessage, paysByCard)).toBe('Card declined by issuer');
      expect(checkoutErrorText(offline, paysByCard)).toBe(ErrorText.network);
    }
  });
});
