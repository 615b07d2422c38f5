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
import type { Database, Queryable } from '../../db/database';
import { ActivityKind, type ActivityKind as Kind } from '../../../src/model/activity/activity';
import type { AuthEnv } from '../../auth/require-auth';
import { recordPracticeChange } from './practice-activity';

/**
 * Practice, invoice contact, billing address and fulfilment settings (ordering §2, §4, §5, §7). Every body
 * passes the shared schema first (a 400 naming each field, nothing stored); every write touches only the
 * signed-in practice's row; each answers the updated practice, our choice where the documents say "not shown".
 */
export function practiceSettingsRoutes(deps: Deps): Hono<AppEnv> {
  const { db, requireProvider } = deps;
  const routes = new Hono<AppEnv>();

  /**
   * Issue 44: the write and its entry in one transaction; `write` answers whether the practice was there, and only a
   * write that was made is recorded.
   */
  async function change(c: Context<AuthEnv>, kind: Kind, detail: string, write: (tx: Queryable) => Promise<boolean>): Promise<void> {
    const made = await db.transaction(async (tx) => {
      if (!(await write(tx))) return false;
      await recordPracticeChange(tx, c, deps, kind, detail);
      return true;
    });
    found(made);
  }

  routes.put('/Practices', requireProvider, async (c) => {
    const body = await readBody(c, PracticeUpdateSchema);
    const practiceId = c.var.account.practiceId;
    // A body that names another practice's record is about a record this account cannot see.
    if (body.id !== undefined && !sameId(body.id, practiceId)) throw new HttpError(404, NOT_FOUND_MESSAGE);
    await change(c, ActivityKind.practiceChanged, 'organization details', (tx) => updatePractice(tx, practiceId, body));
    return answer(c, db, practiceId);
  });

  routes.patch('/Practices/InvoiceContact', requireProvider, async (c) => {
    const body = await readBody(c, InvoiceContactUpdateSchema);
    await change(c, ActivityKind.billingChanged, 'invoice contact', (tx) => updateInvoiceContact(tx, c.var.account.practiceId, body));
    return answer(c, db, c.var.account.practiceId);
  });

  routes.patch('/Practices/BillingAddress', requireProvider, async (c) => {
    const body = await readBody(c, BillingAddressUpdateSchema);
    const practiceId = c.var.account.practiceId;
    await change(c, ActivityKind.billingChanged, 'billing address', async (tx) => {
      if (!body.sameAsPracticeAddress) return updateBillingAddress(tx, practiceId, body.billingAddress);
      const outcome = await copyPracticeAddressToBilling(tx, practiceId);
      if (outcome === 'no-address') throw new HttpError(409, SettingsValidationText.noPracticeAddress);
      return outcome === 'copied';
    });
    return answer(c, db, practiceId);
  });

  routes.patch('/Practices/Fulfillment', requireProvider, async (c) => {
    const body = await readBody(c, FulfilmentUpdateSchema);
    await change(c, ActivityKind.practiceChanged, 'fulfillment settings', (tx) =>
      updateFulfilment(tx, c.var.account.practiceId, body.fulfilmentType),
    );
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
