import type { Clock } from '../clock';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import type { Logger } from '../logger';
import type { Cards } from './cards';
import { stripeCards, stripeClient } from './stripe-cards';
import { tableCards } from './table-cards';

/**
 * The card provider's cards when its secret key is configured (STRIPE_SECRET_KEY, and STRIPE_API_URL
 * for another origin such as a local fake), else the server's own table of demo cards.
 */
export function createCards({ db, config, clock, logger }: { db: Database; config: ServerConfig; clock: Clock; logger: Logger }): Cards {
  if (!config.cardProviderSecretKey) return tableCards({ db, clock });
  return stripeCards({ db, clock, logger, stripe: stripeClient(config.cardProviderSecretKey, config.cardProviderApiUrl) });
}
