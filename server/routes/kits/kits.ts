import { Hono } from 'hono';
import { KitListQuerySchema, KitSchema, KitsPageSchema } from '../../../src/model/kits/kit';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../http/env';
import { HttpError, NOT_FOUND_MESSAGE } from '../../http/errors';
import { readQuery, send } from '../../http/validation';
import { listKits } from '../../store/kits/list';
import { findKit, type DiagnosticsLink } from '../../store/kits/read-kits';
import { absoluteSigner, diagnosticsFilePath, signIssued } from './links';
import type { SignedLinks } from '../../auth/signed-links';

/** The kit list and one kit (kits §7, contract decisions): each kit's diagnostics files come with signed links. */
export function kitListRoutes({ db, config, requireProvider }: Deps, links: SignedLinks): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  /** Each link names the account it was handed to, so that opening the file is recorded as theirs (issue 44). */
  const fileLinks = async (accountId: number): Promise<DiagnosticsLink> => {
    const sign = absoluteSigner(config, await links.signer());
    return (practiceId, fileId) => signIssued(sign, diagnosticsFilePath(practiceId, fileId), accountId);
  };

  /** A page of the practice's kits, searched, sorted and filtered as the query says. */
  routes.get('/Kits', requireProvider, async (c) => {
    const query = readQuery(c, KitListQuerySchema);
    return send(c, KitsPageSchema, await listKits(db, c.var.account.practiceId, query, await fileLinks(c.var.account.accountId)));
  });

  /** The practice's kit with this barcode, or this uid; another practice's kit is as absent as none (404). */
  routes.get('/Kits/:barcode', requireProvider, async (c) => {
    const kit = await findKit(db, c.var.account.practiceId, c.req.param('barcode'), await fileLinks(c.var.account.accountId));
    if (!kit) throw new HttpError(404, NOT_FOUND_MESSAGE);
    return send(c, KitSchema, kit);
  });

  return routes;
}
