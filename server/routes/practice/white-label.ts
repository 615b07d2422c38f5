import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { bodyLimit } from 'hono/body-limit';
import { showsWhiteLabelReports } from '../../../src/model/shell/navigation';
import { PracticeSchema } from '../../../src/model/practice/practice';
import { CLEAR_LOGO_VALUE, LOGO_MAX_BYTES, logoTooLarge, logoTypeOf, WHITE_LABEL_FIELD } from '../../../src/model/practice/white-label';
import { WhiteLabelRuleText, WhiteLabelServerText } from '../../../src/model/practice/white-label-texts';
import type { AuthEnv } from '../../auth/require-auth';
import type { Deps } from '../../deps';
import { HttpError, NOT_FOUND_MESSAGE } from '../../http/errors';
import type { AppEnv } from '../../http/env';
import { send } from '../../http/validation';
import { practiceRecord } from '../../store/practice/practice-record';
import { ActivityKind } from '../../../src/model/activity/activity';
import { recordPracticeChange } from './practice-activity';
import { clearLogo, findLogo, LOGO_PATH, saveLogo, type StoredLogo } from '../../store/practice/white-label';

/** Room for the multipart boundaries and part headers around a logo of the largest allowed size. */
const MULTIPART_ALLOWANCE = 16 * 1024;

/** A year: a logo's URL changes with every upload, so what one URL serves never changes. */
const LOGO_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Ordering §6: the White Label Reports tab is for the healthcare-practice type only, and so is its call. */
const healthcarePracticeOnly = createMiddleware<AuthEnv>(async (c, next) => {
  if (!showsWhiteLabelReports(c.var.account.unitType)) throw new HttpError(403, WhiteLabelServerText.notHealthcarePractice);
  await next();
});

async function formField(c: Context): Promise<string | File | undefined> {
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw new HttpError(400, WhiteLabelServerText.missingField);
  }
  const value = form[WHITE_LABEL_FIELD];
  return Array.isArray(value) ? undefined : value;
}

/** The logo in the field, checked by its bytes: its name and declared type prove nothing (issue 9, "Bad input"). */
async function logoOf(file: File): Promise<StoredLogo> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!bytes.length) throw new HttpError(400, WhiteLabelServerText.emptyFile);
  if (logoTooLarge(bytes.length)) throw new HttpError(400, WhiteLabelRuleText.tooLarge);
  const contentType = logoTypeOf(bytes);
  if (!contentType) throw new HttpError(400, WhiteLabelRuleText.notImage);
  return { contentType, bytes };
}

/** White-label report logos (ordering §2, §4, §7): PATCH /Practices/WhiteLabel, and the logos it serves. */
export function whiteLabelRoutes(deps: Deps): Hono<AppEnv> {
  const { db, clock, requireProvider } = deps;
  const routes = new Hono<AppEnv>();

  routes.patch(
    '/Practices/WhiteLabel',
    requireProvider,
    healthcarePracticeOnly,
    // Stops reading an oversized body as soon as it passes the limit, instead of buffering it first.
    bodyLimit({
      maxSize: LOGO_MAX_BYTES + MULTIPART_ALLOWANCE,
      onError: () => {
        throw new HttpError(400, WhiteLabelRuleText.tooLarge);
      },
    }),
    async (c) => {
      const practiceId = c.var.account.practiceId;
      const field = await formField(c);
      const logo = field instanceof File ? await logoOf(field) : null;
      if (!logo && field !== CLEAR_LOGO_VALUE) throw new HttpError(400, WhiteLabelServerText.missingField);
      // Issue 44: the logo and its activity entry in one transaction.
      const saved = await db.transaction(async (tx) => {
        const made = logo ? (await saveLogo(tx, practiceId, logo, clock())) !== null : await clearLogo(tx, practiceId);
        if (made) await recordPracticeChange(tx, c, deps, ActivityKind.whiteLabelChanged, logo ? 'new report logo' : 'report logo removed');
        return made;
      });
      if (!saved) throw new HttpError(404, NOT_FOUND_MESSAGE);
      const practice = await practiceRecord(db, practiceId);
      if (!practice) throw new HttpError(404, NOT_FOUND_MESSAGE);
      return send(c, PracticeSchema, practice);
    },
  );

  // Public on purpose: an <img> cannot send the bearer token, so the unguessable token is the key.
  routes.get(`${LOGO_PATH}/:token`, async (c) => {
    const logo = await findLogo(db, c.req.param('token'));
    if (!logo) throw new HttpError(404, NOT_FOUND_MESSAGE);
    return c.body(logo.bytes, 200, {
      'Content-Type': logo.contentType,
      'Content-Length': String(logo.bytes.length),
      'Cache-Control': LOGO_CACHE_CONTROL,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    });
  });

  return routes;
}
