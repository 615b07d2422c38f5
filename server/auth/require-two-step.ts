import type { Context, Next } from 'hono';
import { TwoStepRequirementText } from '../../src/model/auth/two-step-requirement';
import { API_BASE_PATH } from '../../src/model/constants';
import type { Database } from '../db/database';
import { HttpError } from '../http/errors';
import type { AuthEnv } from './require-auth';
import { twoStepSetupPending } from './two-step-requirement';

/**
 * The calls a member held back by the practice's requirement may still make (issue 44): what the account tab needs
 * to render and save (their own user and password, the practice the shell reads on arrival), turning two-step sign-in on, and leaving
 * (refresh, sign-out, switching to another practice). Migration too: an account that must migrate does so first.
 * Exact method and path, nothing by prefix, so that a new call is held back until someone decides otherwise.
 */
export const TWO_STEP_SETUP_ALLOWED_CALLS: readonly string[] = [
  'GET /Users/Me',
  // The account tab's own forms: a held-back member may still correct their profile and change their password.
  'PUT /Users/Me',
  'POST /Auth/Password/Reset',
  'GET /Practices',
  'GET /Users/Me/TwoStep',
  'POST /Users/Me/TwoStep/Enrolment',
  'POST /Users/Me/TwoStep/Confirmation',
  'POST /Users/Me/TwoStep/TurnOff',
  'POST /Auth/refresh',
  'POST /Auth/SignOut',
  'POST /Auth/Account/Switch',
  'POST /Auth/Migrate',
];

const allowed = new Set(TWO_STEP_SETUP_ALLOWED_CALLS);

/** The call as the allow-list names it: the method and the path inside the API's base path, without a trailing slash. */
export function callName(method: string, path: string): string {
  const inside = path.startsWith(`${API_BASE_PATH}/`) ? path.slice(API_BASE_PATH.length) : path;
  // Hono answers HEAD with the GET route: the same call.
  const verb = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  return `${verb} ${inside.length > 1 ? inside.replace(/\/+$/, '') : inside}`;
}

/**
 * After requireAuth has read the account: a member whose practice requires two-step sign-in and who has not turned it
 * on gets 403 on every call outside the allow-list. The allow-list is checked first, so those calls cost no query.
 */
export function requireTwoStep(db: Database) {
  return async (c: Context<AuthEnv>, next: Next): Promise<void> => {
    if (!allowed.has(callName(c.req.method, c.req.path)) && (await twoStepSetupPending(db, c.var.account))) {
      throw new HttpError(403, TwoStepRequirementText.setupFirst);
    }
    await next();
  };
}
