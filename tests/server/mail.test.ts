import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UserType } from '../../src/model/enums';
import { KitStatus } from '../../src/model/kits/kit-status';
import { loadSigningKey } from '../../server/auth/access-tokens';
import { silentLogger } from '../../server/logger';
import { MailHeaderError, queueMail } from '../../server/mail/outbox';
import { createMailSender, MailSenderText, type MailSender, type MailSenderOptions } from '../../server/mail/sender';
import { LayoutText } from '../../server/mail/templates/layout';
import { MailText } from '../../server/mail/templates/messages';
import { UNSUBSCRIBE_TTL_SECONDS } from '../../server/mail/unsubscribe';
import { UnsubscribeText } from '../../server/routes/team/unsubscribe';
import { PRACTICE_IDS } from '../../server/seed/seed-data';
import { changeKitStatus } from '../../server/store/kits/kit-status';
import { fileTransport, smtpTransport, type MailTransport } from '../../server/mail/transport';
import { DEMO_PASSWORD } from '../../server/seed/seed';
import { linkIn, rawHeader, SmtpSink } from '../support/smtp-sink';
import { RecordingLogger, useTestServer } from './support/harness';

/**
 * Issue 39: mail through a real SMTP server in this process (smtp-server), read back with mailparser. Requests only
 * write the outbox; a sender over the same database and manual clock hands the messages to SMTP.
 */

const server = useTestServer('pglite');
const NEW_PASSWORD = 'Fresh-Start-2026?';
const BASE_MS = 60_000;
const ALL = 100;
const RIVERSIDE = PRACTICE_IDS.riverside;
const AVA = 'ava.morgan@riverside-family.example';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function sink(script: readonly number[] = []): Promise<SmtpSink> {
  const started = await new SmtpSink(script).start();
  cleanups.push(() => started.close());
  return started;
}

function transportTo(target: SmtpSink): MailTransport {
  const transport = smtpTransport({ ...server().config, smtpUrl: target.url, mailTimeoutMs: 5_000 });
  cleanups.push(() => transport.close());
  return transport;
}

function sender(transport: MailTransport, overrides: Partial<MailSenderOptions> = {}): MailSender {
  const created = createMailSender({
    db: server().db,
    config: { mailRetryBaseMs: BASE_MS, mailMaxAttempts: 5, mailPollMs: 20, mailTimeoutMs: 5_000 },
    transport,
    clock: server().clock.now,
    logger: silentLogger,
    ...overrides,
  });
  cleanups.push(() => created.stop());
  return created;
}

async function forgot(username: string) {
  return server().call('POST', '/Auth/Password/Forgot', { body: { username } });
}

async function messages() {
  return server().db.query<{
    kind: string;
    state: string;
    attempts: number;
    failure: string | null;
    content: unknown;
    subject: string | null;
  }>('SELECT kind, state, attempts, failure, content, subject FROM mail_messages ORDER BY id');
}

async function attempts() {
  return server().db.query<{ attempt: number; smtp_code: number | null }>('SELECT attempt, smtp_code FROM mail_attempts ORDER BY id');
}

/** Follows a reset or set-password link as its page would: POST /Auth/Password/Restore with the link's token. */
async function restoreWith(link: URL) {
  return server().call('POST', '/Auth/Password/Restore', {
    body: { restorePasswordToken: link.searchParams.get('token'), newPassword: NEW_PASSWORD, repeatNewPassword: NEW_PASSWORD },
  });
}

async function signInStatus(username: string, password: string): Promise<number> {
  return (await server().call('POST', '/Auth', { body: { username, password, rememberMe: false } })).status;
}

describe('messages that reach the inbox', () => {
  it('forgot password for a known account delivers one message whose link restores the password; the restore sends a notice', async () => {
    const smtp = await sink();
    const mailer = sender(transportTo(smtp));
    expect((await forgot('hcp.checkout')).body).toEqual({});
    expect(await mailer.runOnce()).toBe(1);
    const [mail] = await smtp.waitFor(1);
    if (!mail) throw new Error('no message');
    expect(mail.to).toBe('ava.morgan@riverside-family.example');
    expect(mail.subject).toBe(MailText.restoreSubject);
    expect(mail.text).toContain(MailText.restoreExpiry(60));
    expect(mail.html).toMatch(/<html[^>]* lang="en"/);
    expect(mail.html).toContain(`<h1`);
    const link = linkIn(mail, `${server().config.publicUrl}/restore-password?token=`);
    // Sent: the row keeps its subject for the operators, and no longer the link.
    expect(await messages()).toEqual([
      expect.objectContaining({ kind: 'passwordRestore', state: 'sent', content: {}, subject: MailText.restoreSubject }),
    ]);

    expect((await restoreWith(link)).status).toBe(200);
    expect(await signInStatus('hcp.checkout', NEW_PASSWORD)).toBe(200);
    expect(await mailer.runOnce()).toBe(1);
    const notice = (await smtp.waitFor(2))[1];
    expect(notice?.subject).toBe(MailText.securitySubject.passwordRestored);
    expect(notice?.text).toContain(MailText.securityAdvice);
    expect(smtp.received).toHaveLength(2);
  });

  it('an unknown username answers the same and delivers nothing', async () => {
    const smtp = await sink();
    const mailer = sender(transportTo(smtp));
    const answer = await forgot('nobody.here');
    expect([answer.status, answer.body]).toEqual([200, {}]);
    expect(await mailer.runOnce()).toBe(0);
    expect(await messages()).toEqual([]);
    expect(smtp.recipients).toEqual([]);
  });

  it('adding a team member delivers the invitation, whose link sets the password and signs the member in', async () => {
    const smtp = await sink();
    const mailer = sender(transportTo(smtp));
    const owner = await server().signIn('hcp.checkout');
    const created = await server().call('POST', '/Users', {
      token: owner.accessToken.token,
      body: {
        firstName: 'Nora',
        lastName: 'Lindqvist',
        email: 'nora.lindqvist@riverside-family.example',
        phone: '(916) 555-0150',
        receiveNotifications: true,
        notificationPreferences: [],
        userType: UserType.Nurse,
      },
    });
    expect(created.status).toBe(201);
    await mailer.runOnce();
    const [mail] = await smtp.waitFor(1);
    if (!mail) throw new Error('no message');
    expect(mail.to).toBe('nora.lindqvist@riverside-family.example');
    expect(mail.subject).toBe(MailText.invitationSubject('Riverside Family Medicine'));
    const link = linkIn(mail, `${server().config.publicUrl}/restore-password?token=`);
    expect((await restoreWith(link)).status).toBe(200);
    expect((await server().signIn('nora.lindqvist', { password: NEW_PASSWORD })).practice?.name).toBe('Riverside Family Medicine');
  });

  it('a password change and an account migration each send a security notice; deleting a member tells them', async () => {
    const smtp = await sink();
    const mailer = sender(transportTo(smtp));
    const owner = await server().signIn('hcp.checkout');
    const changed = await server().call('POST', '/Auth/Password/Reset', {
      token: owner.accessToken.token,
      body: { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD, repeatNewPassword: NEW_PASSWORD },
    });
    expect(changed.status).toBe(200);
    const migrating = await server().signIn('must.migrate');
    const migrated = await server().call('POST', '/Auth/Migrate', {
      token: migrating.accessToken.token,
      body: { newPassword: NEW_PASSWORD, repeatNewPassword: NEW_PASSWORD, rememberMe: false },
    });
    expect(migrated.status, JSON.stringify(migrated.body)).toBe(200);
    const team = await server().call('GET', '/Users?pageSize=50', {
      token: (await server().signIn('hcp.checkout', { password: NEW_PASSWORD })).accessToken.token,
    });
    const items = (team.body as { items: { uid: string; email: string }[] }).items;
    const member = items.find((item) => item.email !== 'ava.morgan@riverside-family.example');
    if (!member) throw new Error('Riverside has no other member');
    const token = (await server().signIn('hcp.checkout', { password: NEW_PASSWORD })).accessToken.token;
    expect((await server().call('DELETE', `/Users/${member.uid}`, { token })).status).toBe(204);

    expect(await mailer.runOnce()).toBe(3);
    const received = await smtp.waitFor(3);
    expect(received.map((mail) => mail.subject).sort()).toEqual(
      [
        MailText.securitySubject.passwordChanged,
        MailText.securitySubject.accountMigrated,
        MailText.removedSubject('Riverside Family Medicine'),
      ].sort(),
    );
    expect(received.find((mail) => mail.subject === MailText.removedSubject('Riverside Family Medicine'))?.to).toBe(member.email);
    // The security notices say how to take the account back.
    for (const mail of received.filter((one) => one.text.includes(MailText.securityAdvice))) {
      expect(linkIn(mail, 'http').href).toBe(`${server().config.publicUrl}/forgot-password`);
    }
    expect(received.filter((one) => one.text.includes(MailText.securityAdvice))).toHaveLength(2);
  });
});

describe('the outbox', () => {
  it('retries a 421 after the back-off and delivers the message once', async () => {
    const smtp = await sink([421]);
    const mailer = sender(transportTo(smtp));
    await forgot('hcp.checkout');
    expect(await mailer.runOnce()).toBe(1);
    expect(await messages()).toEqual([expect.objectContaining({ state: 'pending', attempts: 1 })]);
    // Not due before the back-off has passed.
    server().clock.advance(BASE_MS / 1000 - 1);
    expect(await mailer.runOnce()).toBe(0);
    server().clock.advance(1);
    expect(await mailer.runOnce()).toBe(1);
    expect(await smtp.waitFor(1)).toHaveLength(1);
    expect(await messages()).toEqual([expect.objectContaining({ state: 'sent', attempts: 2 })]);
    expect(await attempts()).toEqual([
      { attempt: 1, smtp_code: 421 },
      { attempt: 2, smtp_code: null },
    ]);
    expect(smtp.recipients.map((recipient) => recipient.code)).toEqual([421, 250]);
  });

  it('records a 550 failed after one attempt, with the reason, and never tries again', async () => {
    const smtp = await sink([550]);
    const logger = new RecordingLogger();
    const mailer = sender(transportTo(smtp), { logger });
    await forgot('hcp.checkout');
    expect(await mailer.runOnce()).toBe(1);
    const [row] = await messages();
    expect(row).toMatchObject({ state: 'failed', attempts: 1, content: {}, subject: MailText.restoreSubject });
    expect(row?.failure).toContain('550');
    expect(row?.failure).toContain('Mailbox unavailable');
    expect(logger.entries).toEqual([expect.objectContaining({ level: 'error', message: MailSenderText.failed })]);
    server().clock.advance(86_400);
    expect(await mailer.runOnce()).toBe(0);
    expect(smtp.received).toEqual([]);
    expect(smtp.recipients).toHaveLength(1);
  });

  it('gives up after the configured attempts on temporary refusals', async () => {
    const smtp = await sink([451, 451, 451]);
    const mailer = sender(transportTo(smtp), {
      config: { mailRetryBaseMs: BASE_MS, mailMaxAttempts: 3, mailPollMs: 20, mailTimeoutMs: 5_000 },
    });
    await forgot('hcp.checkout');
    for (const wait of [0, 60, 120]) {
      server().clock.advance(wait);
      expect(await mailer.runOnce()).toBe(1);
    }
    expect(await messages()).toEqual([expect.objectContaining({ state: 'failed', attempts: 3 })]);
    expect(smtp.received).toEqual([]);
  });

  it('delivers once after a server was killed between claiming a message and sending it', async () => {
    const smtp = await sink();
    let release: (error: Error) => void = () => undefined;
    // The killed server claimed the message and never got as far as sending it.
    const killed: MailTransport = { send: () => new Promise((_resolve, reject) => (release = reject)), close: () => undefined };
    await forgot('hcp.checkout');
    const lost = sender(killed, { leaseMs: 30_000 }).runOnce();
    await expect.poll(async () => (await messages())[0]?.attempts).toBe(1);

    const restarted = sender(transportTo(smtp), { leaseMs: 30_000 });
    expect(await restarted.runOnce()).toBe(0);
    server().clock.advance(30);
    expect(await restarted.runOnce()).toBe(1);
    expect(await smtp.waitFor(1)).toHaveLength(1);
    // Whatever the dead claim's attempt ends with, it no longer owns the message.
    release(new Error('killed'));
    await lost;
    expect(await messages()).toEqual([expect.objectContaining({ state: 'sent', attempts: 2 })]);
    expect(smtp.received).toHaveLength(1);
  });

  it(`two servers on one database deliver ${ALL} queued messages exactly once each`, async () => {
    const smtp = await sink();
    await server().db.transaction(async (tx) => {
      for (let i = 0; i < ALL; i += 1) {
        await queueMail(
          tx,
          { to: `reader${i}@clinic.example`, personId: null, content: { kind: 'patientDeactivated', firstName: `Reader ${i}` } },
          server().clock.now(),
        );
      }
    });
    const drain = async (mailer: MailSender) => {
      while ((await mailer.runOnce()) > 0);
    };
    await Promise.all([drain(sender(transportTo(smtp), { batchSize: 7 })), drain(sender(transportTo(smtp), { batchSize: 7 }))]);
    const received = await smtp.waitFor(ALL);
    expect(received).toHaveLength(ALL);
    expect(new Set(received.map((mail) => mail.messageId)).size).toBe(ALL);
    expect(new Set(received.map((mail) => mail.to)).size).toBe(ALL);
    expect(smtp.recipients).toHaveLength(ALL);
    const states = await server().db.query<{ state: string; n: number }>(
      'SELECT state, count(*)::int AS n FROM mail_messages GROUP BY state',
    );
    expect(states).toEqual([{ state: 'sent', n: ALL }]);
  });
});

describe('bad input', () => {
  it('refuses a line break in the recipient, a header or a name before anything is queued', async () => {
    const queue = (mail: Parameters<typeof queueMail>[1]) => queueMail(server().db, mail, server().clock.now());
    const content = { kind: 'patientDeactivated', firstName: 'Ada' } as const;
    await expect(queue({ to: 'ada@clinic.example\r\nBcc: all@clinic.example', personId: null, content })).rejects.toThrow(MailHeaderError);
    await expect(
      queue({ to: 'ada@clinic.example', personId: null, content, headers: { 'X-Note': 'a\nBcc: b@c.example' } }),
    ).rejects.toThrow(MailHeaderError);
    await expect(
      queue({ to: 'ada@clinic.example', personId: null, content: { ...content, firstName: 'Ada\r\nBcc: x@y.example' } }),
    ).rejects.toThrow(/control character/);
    expect(await messages()).toEqual([]);
  });
});

describe('without SMTP_URL', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'portal-mail-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes each message as an .eml file a mail client opens, and logs its path and subject', async () => {
    const logger = new RecordingLogger();
    const mailer = sender(fileTransport({ ...server().config, mailDir: dir }, logger));
    await forgot('hcp.checkout');
    expect(await mailer.runOnce()).toBe(1);
    const [file] = await readdir(dir);
    expect(file).toMatch(/\.eml$/);
    const parsed = await simpleParser(await readFile(path.join(dir, file ?? '')));
    expect(parsed.subject).toBe(MailText.restoreSubject);
    expect(parsed.text).toContain(`${server().config.publicUrl}/restore-password?token=`);
    expect(logger.entries).toEqual([
      {
        level: 'info',
        message: 'Mail written to a file (no SMTP_URL)',
        fields: { file: path.join(dir, file ?? ''), subject: MailText.restoreSubject },
      },
    ]);
  });
});

describe('kit notifications', () => {
  async function links() {
    return { publicUrl: server().config.publicUrl, signingKey: await loadSigningKey(server().db, undefined) };
  }

  /** A kit of Riverside's that is not Result Ready yet, and no patient's, so that only the team is told. */
  async function teamKit(): Promise<string> {
    const [kit] = await server().db.query<{ barcode: string }>(
      'SELECT barcode FROM kits WHERE practice_id = $1 AND status NOT IN ($2, $3) AND patient_id IS NULL ORDER BY barcode LIMIT 1',
      [RIVERSIDE, KitStatus.ResultReady, KitStatus.ReplacementRequested],
    );
    if (!kit) throw new Error('Riverside has no kit to move');
    return kit.barcode;
  }

  async function move(barcode: string, status: KitStatus) {
    return changeKitStatus(server().db, { barcode, status, date: server().clock.now(), links: await links() });
  }

  /** Riverside's team with notifications on for all but its newest member, and off for that one. */
  async function teamWithOneDeaf(): Promise<{ on: string[]; off: string[] }> {
    const team = await server().db.query<{ id: number; email: string }>(
      `SELECT a.id, pe.email FROM accounts a JOIN people pe ON pe.id = a.person_id
        WHERE a.practice_id = $1 AND a.user_type <> $2 ORDER BY a.id`,
      [RIVERSIDE, UserType.Patient],
    );
    const on = team.slice(0, -1);
    await server().db.query('UPDATE accounts SET receive_notifications = (id = ANY($2::int[])) WHERE practice_id = $1', [
      RIVERSIDE,
      on.map((member) => member.id),
    ]);
    const emails = (members: typeof team) => members.map((member) => member.email).sort();
    return { on: emails(on), off: emails(team.filter((member) => !on.includes(member))) };
  }

  it('a kit turning Result Ready tells each member with notifications on, once, and no one with them off', async () => {
    const { on, off } = await teamWithOneDeaf();
    expect(on).toContain(AVA);
    expect(off).toHaveLength(1);
    const smtp = await sink();
    const barcode = await teamKit();
    expect(await move(barcode, KitStatus.ResultReady)).toMatchObject({ changed: true, messages: on.length });
    // The same status again changes nothing and tells no one again.
    expect(await move(barcode, KitStatus.ResultReady)).toMatchObject({ changed: false, messages: 0 });
    await sender(transportTo(smtp)).runOnce();
    const received = await smtp.waitFor(on.length);
    expect(received.map((mail) => mail.to).sort()).toEqual(on);
    const [product] = await server().db.query<{ name: string }>(
      'SELECT p.name FROM kits k JOIN products p ON p.id = k.product_id WHERE k.barcode = $1',
      [barcode],
    );
    for (const mail of received) {
      expect(mail.subject).toBe(MailText.resultReadySubject(barcode));
      expect(mail.text).toContain(MailText.resultReadyBody(barcode, product?.name ?? ''));
      expect(linkIn(mail, `${server().config.publicUrl}/kits/`).pathname).toBe(`/kits/${barcode}`);
      expect(rawHeader(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(mail.html).toContain(LayoutText.unsubscribe);
    }
    expect(smtp.recipients).toHaveLength(on.length);
  });

  it('the unsubscribe link turns that member’s notifications off, without a sign-in; a changed or expired one does not', async () => {
    const { on } = await teamWithOneDeaf();
    const smtp = await sink();
    await move(await teamKit(), KitStatus.ResultReady);
    await sender(transportTo(smtp)).runOnce();
    const mail = (await smtp.waitFor(on.length)).find((one) => one.to === AVA);
    if (!mail) throw new Error('Ava got no message');
    const link = linkIn(mail, `${server().config.publicUrl}/portalApi/Notifications/Unsubscribe/`);
    const header = rawHeader(mail, 'List-Unsubscribe');
    expect(header).toBe(`<${link.href}>`);
    const path = `${link.pathname}${link.search}`;

    const page = await server().app.request(path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(UnsubscribeText.confirmTitle);
    expect(html).toContain(`<button type="submit">${UnsubscribeText.confirmButton}</button>`);
    // Opening the page changes nothing: a mail scanner may have opened it.
    const me = async () =>
      (
        (await server().call('GET', '/Users/Me', { token: (await server().signIn('hcp.checkout')).accessToken.token })).body as {
          receiveNotifications: boolean;
        }
      ).receiveNotifications;
    expect(await me()).toBe(true);

    const forged = path.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    expect((await server().app.request(forged, { method: 'POST' })).status).toBe(400);
    // The signature covers the account: the same link naming another account is refused.
    const otherAccount = path.replace(/\/(\d+)\?/, (_match, id: string) => `/${Number(id) + 1}?`);
    expect(otherAccount).not.toBe(path);
    expect((await server().app.request(otherAccount, { method: 'POST' })).status).toBe(400);
    expect(await me()).toBe(true);
    const done = await server().app.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(UnsubscribeText.doneTitle);
    expect(await me()).toBe(false);

    // The next kit's news reaches everyone still listening, and not Ava.
    const next = await teamKit();
    expect(await move(next, KitStatus.ReplacementRequested)).toMatchObject({ messages: on.length - 1 });
    await sender(transportTo(smtp)).runOnce();
    const later = (await smtp.waitFor(2 * on.length - 1)).slice(on.length);
    expect(later.map((one) => one.to).sort()).toEqual(on.filter((email) => email !== AVA));
    for (const one of later) expect(one.subject).toBe(MailText.sampleFailedSubject(next));

    server().clock.advance(UNSUBSCRIBE_TTL_SECONDS);
    const expired = await server().app.request(path, { method: 'POST' });
    expect(expired.status).toBe(400);
    expect(await expired.text()).toContain(UnsubscribeText.invalidTitle);
  });

  it('tells the patient who registered the kit when the practice shows reports to patients, and not otherwise', async () => {
    const [kit] = await server().db.query<{ barcode: string; practice_id: number; email: string }>(
      `SELECT k.barcode, k.practice_id, pe.email FROM kits k
         JOIN patients pa ON pa.id = k.patient_id JOIN accounts a ON a.id = pa.account_id JOIN people pe ON pe.id = a.person_id
        WHERE k.status <> $1 ORDER BY k.barcode LIMIT 1`,
      [KitStatus.ResultReady],
    );
    if (!kit) throw new Error('No kit was registered by a patient with a portal account');
    // Only the patient listens, so each message below is theirs.
    await server().db.query('UPDATE accounts SET receive_notifications = (user_type = $2) WHERE practice_id = $1', [
      kit.practice_id,
      UserType.Patient,
    ]);
    const smtp = await sink();
    await server().db.query('UPDATE practices SET show_reports_to_patients = false WHERE id = $1', [kit.practice_id]);
    expect(await move(kit.barcode, KitStatus.ReplacementRequested)).toMatchObject({ messages: 0 });
    await server().db.query('UPDATE practices SET show_reports_to_patients = true WHERE id = $1', [kit.practice_id]);
    expect(await move(kit.barcode, KitStatus.ResultReady)).toMatchObject({ messages: 1 });
    await sender(transportTo(smtp)).runOnce();
    const [mail] = await smtp.waitFor(1);
    expect(mail?.to).toBe(kit.email);
    expect(mail?.subject).toBe(MailText.resultReadySubject(kit.barcode));
    if (mail) expect(linkIn(mail, `${server().config.publicUrl}/kit-status`).pathname).toBe('/kit-status');
  });
});
