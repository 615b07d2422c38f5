import { Hono, type MiddlewareHandler } from 'hono';
import { OrderLookupSchema } from '../../../src/model/orders/order';
import type { AuthEnv } from '../../auth/require-auth';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../http/env';
import { send } from '../../http/validation';
import { findOrder } from '../../store/orders/orders';
import { catalogueRoutes } from './catalogue';
import { placeOrderHandler } from './place-order';

/** A middleware that acts on POST only and lets every other method through to its own route. */
function onPost(handler: MiddlewareHandler<AuthEnv>): MiddlewareHandler<AuthEnv> {
  return (c, next) => (c.req.method === 'POST' ? handler(c, next) : next());
}

/** Products, the price calculation, the geo-shipping check, and placing and reading orders (ordering §7). */
export function orderingRoutes(deps: Deps): Hono<AppEnv> {
  const { db, requireProvider } = deps;
  const routes = new Hono<AppEnv>();
  routes.route('/', catalogueRoutes(deps));

  const placeOrder = placeOrderHandler(deps);
  routes.post('/Orders/', requireProvider, (c) => placeOrder(c));
  // The table of ordering §7 writes POST /Orders/; a client that leaves the slash off places the same
  // order. A middleware rather than a second route, so that the contract lists the call once.
  routes.use(
    '/Orders',
    onPost(requireProvider),
    onPost((c) => placeOrder(c)),
  );

  /** The practice's order with this number, or null: another practice's order is as absent as none. */
  routes.get('/Orders/:number', requireProvider, async (c) => {
    const order = await findOrder(db, c.var.account.practiceId, c.req.param('number'));
    return send(c, OrderLookupSchema, order);
  });

  return routes;
}
