import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { EmptyResponseSchema } from '../../../src/model/auth/auth';
import { PaymentMethodIdSchema, PaymentMethodListSchema, PaymentMethodSchema } from '../../../src/model/payments/payment';
import { describeIssues } from '../../../src/model/schema';
import type { Deps } from '../../deps';
import { HttpError } from '../../http/errors';
import type { AppEnv } from '../../http/env';
import { send } from '../../http/validation';
import { CardServerText } from '../../payments/card-rules';

/** The `{id}` of a card path: the provider's `pm_…` form, or a 400 before any lookup. */
function cardId(c: Context): string {
  const result = v.safeParse(PaymentMethodIdSchema, c.req.param('id'));
  if (!result.success) throw new HttpError(400, describeIssues(result.issues));
  return result.output;
}

/**
 * The signed-in practice's saved cards (ordering §7, "Payment Methods panel"). The rules hold here, not
 * only in the panel: a card of another practice is not found, and the default card cannot be deleted
 * while other cards exist (§4).
 */
export function paymentRoutes({ cards, requireProvider }: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/Payments/Methods', requireProvider, async (c) =>
    send(c, PaymentMethodListSchema, await cards.list(c.var.account.practiceId)),
  );

  routes.patch('/Payments/Methods/:id/Attach', requireProvider, async (c) =>
    send(c, PaymentMethodSchema, await cards.attach(c.var.account.practiceId, cardId(c))),
  );

  routes.patch('/Payments/Methods/:id/SetDefault', requireProvider, async (c) => {
    const card = await cards.setDefault(c.var.account.practiceId, cardId(c));
    if (!card) throw new HttpError(404, CardServerText.notFound);
    return send(c, PaymentMethodSchema, card);
  });

  routes.delete('/Payments/Methods/:id', requireProvider, async (c) => {
    const outcome = await cards.remove(c.var.account.practiceId, cardId(c));
    if (outcome === 'not-found') throw new HttpError(404, CardServerText.notFound);
    if (outcome === 'default-in-use') throw new HttpError(409, CardServerText.defaultInUse);
    return send(c, EmptyResponseSchema, {});
  });

  return routes;
}
