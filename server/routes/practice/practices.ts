import { Hono, type Context } from 'hono';
import { sameId } from '../../../src/model/id';
import { PracticeSchema } from '../../../src/model/practice/practice';
import {
  BillingAddressUpdateSchema,
  FulfilmentUpdateSchema,
  InvoiceContactUpdateSchema,
  PracticeUpdateSchema,
} from '../../../src/model/practice/practice-settings';
import { SettingsValidationText } from '../../../src/model/practice/settings-texts';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../http/env';
import { HttpError, NOT_FOUND_MESSAGE } from '../../http/errors';
import { readBody, send } from '../../http/validation';
import {
  copyPracticeAddressToBilling,
  updateBillingAddress,
  updateFulfilment,
  updateInvoiceContact,
  updatePractice,
} from '../../store/practice/practices';
import { practiceRecord } from '../../store/practice/practice-record';
import type { Database } from '../../db/database';

/**
 * Practice, invoice contact, billing address and fulfilment settings (ordering §2, §4, §5, §7). Every body
 * passes the shared schema first (a 400 naming each field, nothing stored); every write touches only the
 * signed-in practice's row; each answers the updated practice, our choice where the documents say "not shown".
 */
export function practiceSettingsRoutes({ db, requireProvider }: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.put('/Practices', requireProvider, async (c) => {
    const body = await readBody(c, PracticeUpdateSchema);
    const practiceId = c.var.account.practiceId;
    // A body that names another practice's record is about a record this account cannot see.
    if (body.id !== undefined && !sameId(body.id, practiceId)) throw new HttpError(404, NOT_FOUND_MESSAGE);
    found(await updatePractice(db, practiceId, body));
    return answer(c, db, practiceId);
  });

  routes.patch('/Practices/InvoiceContact', requireProvider, async (c) => {
    const body = await readBody(c, InvoiceContactUpdateSchema);
    found(await updateInvoiceContact(db, c.var.account.practiceId, body));
    return answer(c, db, c.var.account.practiceId);
  });

  routes.patch('/Practices/BillingAddress', requireProvider, async (c) => {
    const body = await readBody(c, BillingAddressUpdateSchema);
    const practiceId = c.var.account.practiceId;
    if (body.sameAsPracticeAddress) {
      const outcome = await copyPracticeAddressToBilling(db, practiceId);
      if (outcome === 'no-address') throw new HttpError(409, SettingsValidationText.noPracticeAddress);
      found(outcome === 'copied');
    } else {
      found(await updateBillingAddress(db, practiceId, body.billingAddress));
    }
    return answer(c, db, practiceId);
  });

  routes.patch('/Practices/Fulfillment', requireProvider, async (c) => {
    const body = await readBody(c, FulfilmentUpdateSchema);
    found(await updateFulfilment(db, c.var.account.practiceId, body.fulfilmentType));
    return answer(c, db, c.var.account.practiceId);
  });

  return routes;
}

/** The account's practice was removed meanwhile: nothing was written. */
function found(present: boolean): void {
  if (!present) throw new HttpError(404, NOT_FOUND_MESSAGE);
}

async function answer(c: Context, db: Database, practiceId: number): Promise<Response> {
  const practice = await practiceRecord(db, practiceId);
  if (!practice) throw new HttpError(404, NOT_FOUND_MESSAGE);
  return send(c, PracticeSchema, practice);
}
