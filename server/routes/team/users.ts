import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { describeIssues } from '../../../src/model/schema';
import { ConsentText } from '../../../src/model/account/account-texts';
import { ConsentsRequestSchema } from '../../../src/model/account/account-consents';
import {
  UserCreateRequestSchema,
  UserNotificationsRequestSchema,
  UsersPageSchema,
  UserUpdateRequestSchema,
} from '../../../src/model/team/user';
import { UserListQuerySchema } from '../../../src/model/team/user-list-params';
import { UserRecordSchema } from '../../../src/model/team/user-record';
import { AccountUpdateRequestSchema } from '../../../src/model/account/account-update';
import { UserMessageText } from '../../../src/model/team/user-texts';
import { notificationsUserTypeProblem } from '../../../src/model/team/user-rules';
import { loadConsentStatements } from '../../account/consent-statements';
import type { AuthEnv } from '../../auth/require-auth';
import type { Deps } from '../../deps';
import { twoStepAccountRoutes } from './two-step';
import type { AppEnv } from '../../http/env';
import { HttpError, NOT_FOUND_MESSAGE } from '../../http/errors';
import { readBody, send } from '../../http/validation';
import { listMembers } from '../../store/team/list';
import {
  accountRecord,
  deleteMember,
  findMember,
  findMemberRow,
  insertMember,
  loginTaken,
  memberObject,
  toUser,
  saveNotifications,
  ownConsentDecisions,
  saveOwnConsents,
  updateMember,
  updateOwnAccount,
} from '../../store/team/users';
import { queueMemberRemoved } from '../../mail/notices';
import { announceSetPasswordLink, issueSetPasswordLink } from './set-password-link';
import { ActivityKind, ActivityObjectType, type ActivityKind as Kind } from '../../../src/model/activity/activity';
import { UserType } from '../../../src/model/enums';
import type { Queryable } from '../../db/database';
import { recordActivity } from '../../store/activity/record';
import { activityContext } from '../activity/who';

/**
 * Kits §7 "Users": the practice's team and the signed-in user's own record. Every body and query passes the
 * shared schema first (a 400 naming the field, nothing stored); every member is the signed-in practice's, and
 * any other is not found (404). Deleting one's own account is a 409: the request is well formed, but what it
 * names (the caller) is the one member it may not remove. A member is only ever given a role that signs in to the
 * provider portal (a 400 otherwise); the notifications toggle may repeat a role given before that rule. A consents body naming another user's uid is a 403:
 * the body is well formed, but a consent is given by the person it concerns and the caller is someone else.
 */

/** A uid in a path, never the literal "Me", which names the signed-in user. */
export const USER_KEY = '(?!Me(?:/|$))[^/]+';

function notFound(): never {
  throw new HttpError(404, UserMessageText.notFound);
}

/** A unique index refused the write: another request took the email or username meanwhile. */
function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}

export function userRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { db, requireAuth, requireProvider, clock } = deps;
  // Read when the routes are built, as the patient portal's are: a malformed statement stops the start.
  const statements = loadConsentStatements(deps.config.consentsDir);
  const one = `/Users/:uid{${USER_KEY}}`;
  /** Issue 44: the change's entry, in the change's transaction, so that a change that fails leaves none. */
  const record = (tx: Queryable, c: Context<AuthEnv>, kind: Kind, member: Parameters<typeof memberObject>[0]) =>
    recordActivity(tx, activityContext(c, deps), { kind, object: memberObject(member) });

  /** The signed-in person's own record, with the dates of their consent decisions (issue 41 item 2). */
  async function me(c: Context<AuthEnv>): Promise<Response> {
    const user = await accountRecord(db, c.var.account.accountId);
    if (!user) throw new HttpError(404, NOT_FOUND_MESSAGE);
    return send(c, UserRecordSchema, { ...user, consentDecisions: await ownConsentDecisions(db, c.var.account.accountId) });
  }

  routes.get('/Users/Me', requireAuth, me);
  // Issue 44: the person's own two-step sign-in, before the routes of another user's record.
  routes.route('/', twoStepAccountRoutes(deps));

  routes.put('/Users/Me', requireAuth, async (c) => {
    const fields = await readBody(c, AccountUpdateRequestSchema);
    const { accountId } = c.var.account;
    const saved = await db.transaction(async (tx) => {
      if (!(await updateOwnAccount(tx, accountId, fields))) return false;
      // A team account's profile is the practice's view of a member, the same change PUT /Users/{id} makes; a patient
      // account's is the person's own, which no kind of the trail describes.
      const own = await accountRecord(tx, accountId);
      if (own && own.userType !== UserType.Patient) await record(tx, c, ActivityKind.memberEdited, own);
      return true;
    });
    if (!saved) throw new HttpError(404, NOT_FOUND_MESSAGE);
    return me(c);
  });

  routes.patch('/Users/Me/Consents', requireAuth, async (c) => {
    const { uid, ...consents } = await readBody(c, ConsentsRequestSchema);
    const { accountId } = c.var.account;
    const saved = await db.transaction(async (tx) => {
      const own = await accountRecord(tx, accountId);
      if (!own) return false;
      if (own.uid !== uid) throw new HttpError(403, ConsentText.notYours);
      if (!(await saveOwnConsents(tx, accountId, consents, statements, clock()))) return false;
      // Named as the patient portal's PATCH /Patients/Me/Consents names it: the person's own account, no name kept.
      const object = { type: ActivityObjectType.account, id: String(accountId), label: 'own account' };
      await recordActivity(tx, activityContext(c, deps), { kind: ActivityKind.ownConsentsChanged, object });
      return true;
    });
    if (!saved) throw new HttpError(404, NOT_FOUND_MESSAGE);
    return me(c);
  });

  routes.get('/Users', requireProvider, async (c) => {
    const read = v.safeParse(UserListQuerySchema, c.req.query());
    if (!read.success) throw new HttpError(400, describeIssues(read.issues));
    return send(c, UsersPageSchema, await listMembers(db, c.var.account.practiceId, read.output));
  });

  routes.get(one, requireProvider, async (c) => {
    return send(c, UserRecordSchema, (await findMember(db, c.var.account.practiceId, c.req.param('uid'))) ?? notFound());
  });

  routes.post('/Users', requireProvider, async (c) => {
    const fields = await readBody(c, UserCreateRequestSchema);
    const created = await db
      .transaction(async (tx) => {
        if (await loginTaken(tx, fields.email)) throw new HttpError(409, UserMessageText.emailTaken);
        const { user, personId } = await insertMember(tx, c.var.account.practiceId, fields);
        await record(tx, c, ActivityKind.memberAdded, user);
        return { user, personId, issued: await issueSetPasswordLink(tx, deps, personId, c.var.account.practiceId) };
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new HttpError(409, UserMessageText.emailTaken);
        throw error;
      });
    announceSetPasswordLink(deps, c.var.correlationId, created.personId, created.issued);
    return send(c, UserRecordSchema, created.user, 201);
  });

  routes.put(one, requireProvider, async (c) => {
    const fields = await readBody(c, UserUpdateRequestSchema);
    const practiceId = c.var.account.practiceId;
    const user = await db.transaction(async (tx) => {
      const updated = await updateMember(tx, practiceId, c.req.param('uid'), fields);
      if (updated) await record(tx, c, ActivityKind.memberEdited, updated);
      return updated;
    });
    return send(c, UserRecordSchema, user ?? notFound());
  });

  routes.patch(`${one}/notifications`, requireProvider, async (c) => {
    const fields = await readBody(c, UserNotificationsRequestSchema);
    const { practiceId } = c.var.account;
    const uid = c.req.param('uid');
    const user = await db.transaction(async (tx) => {
      const row = await findMemberRow(tx, practiceId, uid);
      if (!row) return null;
      // The toggle repeats the member's role; it may not give one the provider portal refuses.
      const problem = notificationsUserTypeProblem(fields.userType, row.user_type);
      if (problem) throw new HttpError(400, `userType: ${problem}`);
      const saved = await saveNotifications(tx, practiceId, uid, fields);
      if (saved) await record(tx, c, ActivityKind.notificationsChanged, saved);
      return saved;
    });
    return send(c, UserRecordSchema, user ?? notFound());
  });

  routes.delete(one, requireProvider, async (c) => {
    const { accountId, practiceId } = c.var.account;
    const uid = c.req.param('uid');
    const removed = await db.transaction(async (tx) => {
      const row = await findMemberRow(tx, practiceId, uid);
      if (!row) return false;
      if (row.id === accountId) throw new HttpError(409, UserMessageText.cannotDeleteYourself);
      await queueMemberRemoved(tx, uid, practiceId, deps.clock());
      if (!(await deleteMember(tx, practiceId, uid))) return false;
      await record(tx, c, ActivityKind.memberDeleted, toUser(row));
      return true;
    });
    if (!removed) notFound();
    return c.body(null, 204);
  });

  return routes;
}
