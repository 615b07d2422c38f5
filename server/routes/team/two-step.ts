import { Hono } from 'hono';
import { ActivityKind } from '../../../src/model/activity/activity';
import { EmptyResponseSchema } from '../../../src/model/auth/auth';
import {
  RecoveryCodesSchema,
  TwoStepCodeRequestSchema,
  TwoStepEnrolmentSchema,
  TwoStepStatusSchema,
  TwoStepText,
  TwoStepTurnOffRequestSchema,
} from '../../../src/model/auth/two-step';
import { verifyPassword } from '../../auth/passwords';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../http/env';
import { HttpError, NOT_FOUND_MESSAGE } from '../../http/errors';
import { readBody, send } from '../../http/validation';
import { credentialsOf } from '../../store/auth/people';
import { disableTwoStep, enableTwoStep, practiceRequiresTwoStep, setPendingSecret, twoStepOf } from '../../store/auth/two-step';
import { recordAccountEvent } from '../auth/account-activity';
import { spendCode, throttledCodeCheck } from '../auth/two-step/code-check';
import {
  acceptedStep,
  decryptSecret,
  encryptSecret,
  enrolmentUri,
  manualKey,
  newRecoveryCodes,
  newTwoStepSecret,
  recoveryDigest,
  twoStepKeyOf,
} from '../auth/two-step/codes';

/**
 * The signed-in person's two-step sign-in (issue 44 item 2): its state, turning it on (a new key, then a code from
 * it, then the recovery codes, answered once) and off (with a code or the password). It belongs to the person, so
 * every account of theirs sees the same.
 */
export function twoStepAccountRoutes({ db, config, clock, sleep, requireAuth }: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const key = () => twoStepKeyOf(db, config.twoStepKey);
  const throttleDeps = { db, clock, config, sleep };
  const trail = { clock, config };

  routes.get('/Users/Me/TwoStep', requireAuth, async (c) => {
    const record = await twoStepOf(db, c.var.account.personId);
    if (!record) throw new HttpError(404, NOT_FOUND_MESSAGE);
    return send(c, TwoStepStatusSchema, {
      enabled: record.enabled,
      recoveryCodesLeft: record.recoveryCodesLeft,
      requiredByPractice: await practiceRequiresTwoStep(db, c.var.account.practiceId),
    });
  });

  // A new key each time: one shown earlier (perhaps on another screen) is of no use once this one is asked for.
  routes.post('/Users/Me/TwoStep/Enrolment', requireAuth, async (c) => {
    const personId = c.var.account.personId;
    const record = await twoStepOf(db, personId);
    if (!record) throw new HttpError(404, NOT_FOUND_MESSAGE);
    if (record.enabled) throw new HttpError(409, TwoStepText.alreadyOn);
    const secret = newTwoStepSecret();
    await setPendingSecret(db, personId, encryptSecret(await key(), personId, secret));
    return send(c, TwoStepEnrolmentSchema, { uri: enrolmentUri(secret, record.username), manualKey: manualKey(secret) });
  });

  routes.post('/Users/Me/TwoStep/Confirmation', requireAuth, async (c) => {
    const body = await readBody(c, TwoStepCodeRequestSchema);
    const personId = c.var.account.personId;
    const secretKey = await key();
    const recoveryCodes = newRecoveryCodes();
    const outcome = await throttledCodeCheck(throttleDeps, c, personId, () =>
      db.transaction(async (tx) => {
        const record = await twoStepOf(tx, personId, { lock: true });
        if (!record) throw new HttpError(404, NOT_FOUND_MESSAGE);
        if (record.enabled) throw new HttpError(409, TwoStepText.alreadyOn);
        if (!record.pendingSecret) throw new HttpError(409, TwoStepText.notEnrolling);
        const step = acceptedStep(decryptSecret(secretKey, personId, record.pendingSecret), body.code, clock());
        if (step === null) return false;
        await enableTwoStep(tx, personId, {
          secret: record.pendingSecret,
          step,
          recoveryDigests: recoveryCodes.map(recoveryDigest),
          now: clock(),
        });
        await recordAccountEvent(tx, c, trail, c.var.account, ActivityKind.twoStepTurnedOn);
        return true;
      }),
    );
    if (outcome instanceof Response) return outcome;
    if (!outcome) throw new HttpError(400, TwoStepText.wrongCode);
    return send(c, RecoveryCodesSchema, { recoveryCodes });
  });

  routes.post('/Users/Me/TwoStep/TurnOff', requireAuth, async (c) => {
    const body = await readBody(c, TwoStepTurnOffRequestSchema);
    const personId = c.var.account.personId;
    const secretKey = await key();
    const outcome = await throttledCodeCheck(throttleDeps, c, personId, () =>
      db.transaction(async (tx) => {
        const record = await twoStepOf(tx, personId, { lock: true });
        if (!record) throw new HttpError(404, NOT_FOUND_MESSAGE);
        if (!record.enabled) throw new HttpError(409, TwoStepText.notOn);
        const proven = body.code
          ? await spendCode(tx, secretKey, record, body.code, clock())
          : await passwordMatches(tx, personId, body.password ?? '');
        if (proven) {
          await disableTwoStep(tx, personId);
          await recordAccountEvent(tx, c, trail, c.var.account, ActivityKind.twoStepTurnedOff);
        }
        return proven;
      }),
    );
    if (outcome instanceof Response) return outcome;
    if (!outcome) throw new HttpError(400, body.code ? TwoStepText.wrongCode : TwoStepText.wrongPassword);
    return send(c, EmptyResponseSchema, {});
  });

  return routes;
}

async function passwordMatches(q: Parameters<typeof credentialsOf>[0], personId: string, password: string): Promise<boolean> {
  const credentials = await credentialsOf(q, personId);
  return credentials !== null && (await verifyPassword(password, credentials.passwordHash));
}
