import { Hono, type Context } from 'hono';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../http/env';
import { escapeHtml, htmlPage } from '../../http/html-page';
import { SignedLinks } from '../../auth/signed-links';
import { UNSUBSCRIBE_PATH, UNSUBSCRIBE_TTL_SECONDS, unsubscribePath } from '../../mail/unsubscribe';
import { ActivityKind } from '../../../src/model/activity/activity';
import { recordActivity } from '../../store/activity/record';
import { memberObject, toUser, USER_FROM, USER_ROW_COLUMNS, type UserRow } from '../../store/team/users';
import { linkActivityContext } from '../activity/who';

/**
 * The unsubscribe link of the notification e-mails (issue 39, item 3), with no sign-in: the signed link is the
 * authority. Opening the link shows a page whose button turns the notifications off, since mail scanners open links
 * on their own; a mail client's one-click button (RFC 8058) posts to the same address and turns them off at once.
 * It writes the same flag as the team page's and the account tab's notification switches.
 */

export const UnsubscribeText = {
  confirmTitle: 'Turn off e-mail notifications?',
  confirmBody: (practiceName: string) =>
    `You will no longer receive e-mails from ${practiceName} on the Diagnostics Portal when results are ready or a sample needs a replacement.`,
  confirmButton: 'Turn off notifications',
  doneTitle: 'E-mail notifications are off',
  doneBody: (practiceName: string) =>
    `You will no longer receive notification e-mails from ${practiceName}. You can turn them on again in the portal's settings.`,
  invalidTitle: 'This link is no longer valid',
  invalidBody: 'The link has expired or is incomplete. Sign in to the portal to turn notifications off in your settings.',
} as const;

const STYLE = `
button { font: inherit; font-weight: 600; padding: 0.6rem 1.2rem; border: 0; border-radius: 6px; background: #1d4ed8;
  color: #ffffff; cursor: pointer; }
button:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }`;

function page(c: Context<AppEnv>, status: 200 | 400, title: string, body: string) {
  return c.html(htmlPage({ title, style: STYLE, body: `<main>\n<h1>${escapeHtml(title)}</h1>\n${body}\n</main>` }), status);
}

function invalid(c: Context<AppEnv>) {
  return page(c, 400, UnsubscribeText.invalidTitle, `<p>${escapeHtml(UnsubscribeText.invalidBody)}</p>`);
}

export function unsubscribeRoutes(deps: Deps): Hono<AppEnv> {
  const { db, clock, signingKey } = deps;
  const routes = new Hono<AppEnv>();

  const links = new SignedLinks(signingKey, clock, UNSUBSCRIBE_TTL_SECONDS);
  const one = `${UNSUBSCRIBE_PATH}/:accountId{[0-9]+}`;

  /** The account the link names, when this server signed the link for it and it has not expired. */
  async function accountOf(c: Context<AppEnv>): Promise<{ id: number; practiceName: string } | null> {
    const id = Number(c.req.param('accountId'));
    if ((await links.check(unsubscribePath(id), c.req.query('expires'), c.req.query('signature'))) !== 'valid') return null;
    const [row] = await db.query<{ id: number; practice_name: string }>(
      'SELECT a.id, pr.name AS practice_name FROM accounts a JOIN practices pr ON pr.id = a.practice_id WHERE a.id = $1',
      [id],
    );
    return row ? { id: row.id, practiceName: row.practice_name } : null;
  }

  routes.get(one, async (c) => {
    const account = await accountOf(c);
    if (!account) return invalid(c);
    // The form posts back to this very address, expiry and signature included.
    const query = new URLSearchParams({ expires: c.req.query('expires') ?? '', signature: c.req.query('signature') ?? '' });
    const action = `${new URL(c.req.url).pathname}?${query.toString()}`;
    return page(
      c,
      200,
      UnsubscribeText.confirmTitle,
      `<p>${escapeHtml(UnsubscribeText.confirmBody(account.practiceName))}</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(UnsubscribeText.confirmButton)}</button></form>`,
    );
  });

  routes.post(one, async (c) => {
    const account = await accountOf(c);
    if (!account) return invalid(c);
    await db.transaction(async (tx) => {
      const [row] = await tx.query<UserRow>(`SELECT ${USER_ROW_COLUMNS} FROM ${USER_FROM} WHERE a.id = $1 FOR UPDATE OF a`, [account.id]);
      if (!row) return;
      await tx.query('UPDATE accounts SET receive_notifications = false WHERE id = $1', [account.id]);
      // Issue 44: no one is signed in, the signed link names the member, who acts; a second click changes nothing and
      // says so by writing nothing.
      if (!row.receive_notifications) return;
      const context = linkActivityContext(c, deps, row.practice_id, row.id);
      await recordActivity(tx, context, { kind: ActivityKind.notificationsChanged, object: memberObject(toUser(row)) });
    });
    return page(c, 200, UnsubscribeText.doneTitle, `<p>${escapeHtml(UnsubscribeText.doneBody(account.practiceName))}</p>`);
  });

  return routes;
}
