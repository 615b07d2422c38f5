import type { Page, Request, Response, Route } from '@playwright/test';
import { ACCOUNTS, USERS, type Account } from './portal-api-accounts';

/** The patient's user type (access §6), whose practice the contract answers as a summary. */
const PATIENT_USER_TYPE = 4;
import { OrderingFake, type OrderingAccount } from './portal-api-ordering';
import { KitsFake } from './portal-api-kits';
import { MyKitsFake } from './portal-api-my-kits';
import { PatientMeFake } from './portal-api-patient-me';
import { OrdersListFake } from './portal-api-orders';
import { PatientsFake } from './portal-api-patients';
import { ReportsFake } from './portal-api-reports';
import { AccountFake } from './portal-api-account';
import { UsersFake } from './portal-api-users';
import { WebhooksFake } from './portal-api-webhooks';
import { AnalysisFake } from './portal-api-analysis';

/**
 * A portalApi written from the documents alone (access §3 and §7, ordering §3, kits §3 and the README's contract
 * decisions), never from the reference server, so that a journey against it proves the client keeps the contract
 * rather than our server's habits. Like a real service it adds fields nobody asked for, leaves optional ones out or
 * null, stamps every answer with a correlation id, and takes back an identifier only in the type it issued it.
 * Every /portalApi call the page makes is answered here and recorded; none may reach the reference server.
 */

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** How the service writes identifiers: the documented numbers, or strings of digits as some services do. */
export type IdStyle = 'numbers' | 'digit strings';

/** Calls of this project's own extension of the contract, which a service that keeps to the documents answers 404. */
const PROJECT_EXTENSIONS: readonly RegExp[] = [
  // Issue 44: the activity trail, and the two-step sign-in status the account and organization tabs read on their own.
  /^GET \/Activity$/,
  // The patient's own trail in Account → Security (issue 44).
  /^GET \/Activity\/My$/,
  /^GET \/Users\/Me\/TwoStep$/,
  /^GET \/Practices\/TwoStep$/,
];

export interface RecordedCall {
  readonly method: string;
  /** The path below /portalApi, e.g. `/Auth/Account/Switch`. */
  readonly path: string;
  readonly query: Record<string, string>;
  readonly headers: Record<string, string>;
  /** The request body parsed as JSON; undefined without one. */
  readonly body: unknown;
  readonly status: number;
  readonly correlationId: string;
}

export { FAKE_CREDENTIALS, HARBOR, LAKESHORE, NET30_CREDENTIALS, RESEARCH_CREDENTIALS, SUMMIT } from './portal-api-accounts';

const BASE = '/portalApi';
const MARKER = 'x-portal-api-fake';
const HOUR_MS = 3_600_000;

function orderingAccount(account: Account): OrderingAccount {
  return { practiceId: account.practiceId, name: account.name, billingType: Number(account.practice.billingType), cards: account.cards };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

export class PortalApiFake {
  readonly calls: RecordedCall[] = [];
  private readonly responses: Response[] = [];
  private readonly sessions = new Map<string, Account>();
  private readonly refreshes = new Map<string, Account>();
  /** Products, prices, geo-shipping, orders and cards (ordering §7). */
  readonly ordering = new OrderingFake();
  /** The orders list, cancel and the listed orders by number (ordering §2, §7). */
  readonly orderList = new OrdersListFake();
  /** The kit list and each kit with its whole detail, by barcode or uid (kits §3, §7). */
  readonly kits = new KitsFake();
  /** Report generation for the kits' reports (kits §7 POST /Reports/). */
  readonly reports = new ReportsFake(this.kits);
  /** A patient's own kits, and report generation for them (kits §2, §7 GET /Kits/My, GET /Kits/{barcode}/My). */
  readonly myKits = new MyKitsFake();
  /** A patient's own record: profile, consents and deactivation (kits §2, §7 /Patients/Me). */
  readonly patientMe = new PatientMeFake();
  /** The team (kits §2 "Settings: Team", §7 Users). */
  readonly users = new UsersFake();
  /** Developer settings: API key, schema, secret, webhooks and their events (kits §2, §7 Webhooks). */
  readonly webhooks = new WebhooksFake();
  /** The signed-in user's own account: the account tab and the provider profile (kits §2). */
  readonly account = new AccountFake();
  /** The patients list and each patient, by id or uid (kits §3, §7). */
  readonly patients = new PatientsFake();
  /** The analysis upload over tus and its outcome (issue 42). */
  readonly analysis = new AnalysisFake();
  private issued = 0;
  private reshapeSignIn: (answer: JsonObject) => Json = (answer) => answer;

  private constructor(private readonly ids: IdStyle) {
    this.webhooks.ids = ids;
  }

  /** Answers every /portalApi call of the page from now on, across reloads. */
  static async install(page: Page, options: { ids?: IdStyle } = {}): Promise<PortalApiFake> {
    const fake = new PortalApiFake(options.ids ?? 'numbers');
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith(`${BASE}/`)) fake.responses.push(response);
    });
    await page.route(`**${BASE}/**`, (route) => fake.answer(route));
    return fake;
  }

  /** Makes the sign-in answer outside the contract, e.g. an identifier of the wrong kind. */
  answerSignInAs(reshape: (answer: JsonObject) => Json): void {
    this.reshapeSignIn = reshape;
  }

  callsTo(method: string, path: string): RecordedCall[] {
    return this.calls.filter((call) => call.method === method && call.path.toLowerCase() === path.toLowerCase());
  }

  lastCallTo(method: string, path: string): RecordedCall {
    const call = this.callsTo(method, path).at(-1);
    if (!call) throw new Error(`The page never called ${method} ${path}; it called ${this.describeCalls()}`);
    return call;
  }

  /**
   * Calls the documents do not name: the fake answered them 404. This project's own extensions of the contract (the
   * activity trail and two-step sign-in of issue 44) are left out: the fake lacks them on purpose, and the portal must work without them.
   */
  unknownCalls(): string[] {
    return this.calls
      .filter((call) => call.status === 404 && !PROJECT_EXTENSIONS.some((extension) => extension.test(`${call.method} ${call.path}`)))
      .map((call) => `${call.method} ${call.path}`);
  }

  /** /portalApi answers the page received from anywhere but this fake: the reference server must never answer. */
  async leaks(): Promise<string[]> {
    const leaked: string[] = [];
    for (const response of this.responses) {
      if ((await response.headerValue(MARKER)) === null) leaked.push(`${response.request().method()} ${response.url()}`);
    }
    return leaked;
  }

  /** The access token the service issued last, to tell which session a later call carried. */
  latestAccessToken(): string {
    return `access-${this.issued}`;
  }

  private describeCalls(): string {
    return this.calls.map((call) => `${call.method} ${call.path}`).join(', ') || 'nothing';
  }

  private id(value: number): Json {
    return this.ids === 'numbers' ? value : String(value);
  }

  private entry(account: Account): JsonObject {
    return { practiceId: this.id(account.practiceId), userId: this.id(account.userId), name: account.name, userType: account.userType };
  }

  private token(kind: 'access' | 'refresh', lifetimeMs: number): JsonObject {
    return { token: `${kind}-${this.issued}`, expiresAt: new Date(Date.now() + lifetimeMs).toISOString(), tokenType: 'Bearer' };
  }

  /** Access §3 "Sign-in response (user)", the body of sign-in and switch. */
  private userObject(account: Account): JsonObject {
    const tokens = this.tokens(account);
    return {
      ...tokens,
      unitType: account.unitType,
      userType: account.userType,
      practice: this.entry(account),
      practices: ACCOUNTS.filter((each) => each.login === account.login).map((each) => this.entry(each)),
      forceIdentityMigration: false,
      displayName: 'Grace Hall',
      featureFlags: ['new-kit-timeline'],
    };
  }

  private tokens(account: Account): { accessToken: JsonObject; refreshToken: JsonObject } {
    this.issued += 1;
    const accessToken = this.token('access', HOUR_MS);
    const refreshToken = this.token('refresh', 30 * 24 * HOUR_MS);
    this.sessions.set(`access-${this.issued}`, account);
    this.refreshes.set(`refresh-${this.issued}`, account);
    return { accessToken, refreshToken };
  }

  private async answer(route: Route): Promise<void> {
    const request = route.request();
    const url = new URL(request.url());
    const path = url.pathname.slice(BASE.length) || '/';
    const headers = await request.allHeaders();
    const correlationId = `fake-${String(this.calls.length + 1).padStart(4, '0')}`;
    // The tus calls carry their facts in headers and their bytes as the body: answered apart from the JSON calls.
    const signedIn = this.sessions.get((headers.authorization ?? '').replace(/^Bearer /, ''));
    const tus = await this.analysis.tus(request.method(), url, path, headers, request.postDataBuffer(), signedIn);
    if (tus) {
      this.calls.push({ method: request.method(), path, query: {}, headers, body: undefined, status: tus.status, correlationId });
      const failure = isObject(tus.json) ? JSON.stringify({ ...tus.json, correlationId }) : undefined;
      const extra: Record<string, string> = failure ? { 'Content-Type': 'application/json' } : {};
      // The page may have given up on a held PATCH (Pause): its answer then has nowhere to go.
      await route
        .fulfill({
          status: tus.status,
          body: failure,
          headers: { ...tus.headers, ...extra, 'X-Correlation-Id': correlationId, [MARKER]: 'true' },
        })
        .catch(() => undefined);
      return;
    }
    const body = parseBody(request);
    const { status, json } = this.respond(request.method(), path, headers, body, url.searchParams);
    this.calls.push({ method: request.method(), path, query: Object.fromEntries(url.searchParams), headers, body, status, correlationId });
    const answer = status >= 400 && isObject(json) ? { ...json, correlationId } : json;
    await route.fulfill({ status, json: answer, headers: { 'X-Correlation-Id': correlationId, [MARKER]: 'true' } });
  }

  private respond(
    method: string,
    path: string,
    headers: Record<string, string>,
    body: unknown,
    query: URLSearchParams,
  ): { status: number; json: Json } {
    const route = `${method} ${path.toLowerCase()}`;
    const signedIn = this.sessions.get((headers.authorization ?? '').replace(/^Bearer /, ''));
    switch (route) {
      case 'POST /auth': {
        if (!isObject(body) || !isText(body.username) || !isText(body.password)) return failure(400, 'Username and password are required');
        const known = USERS.some((user) => body.username === user.username && body.password === user.password);
        if (!known) return failure(401, 'Invalid username or password');
        const first = ACCOUNTS.find((account) => account.login === body.username);
        return first ? { status: 200, json: this.reshapeSignIn(this.userObject(first)) } : failure(500, 'No accounts');
      }
      case 'POST /auth/refresh': {
        const account = isObject(body) && isText(body.refreshToken) ? this.refreshes.get(body.refreshToken) : undefined;
        // The other failure form the decisions allow: `{ message, correlationId }`.
        if (!account) return { status: 401, json: { message: 'Refresh token is invalid or expired' } };
        return { status: 200, json: this.tokens(account) };
      }
      case 'POST /auth/signout': {
        // Known or not, the same answer: the token's session is over either way.
        if (isObject(body) && isText(body.refreshToken)) this.refreshes.delete(body.refreshToken);
        return { status: 200, json: {} };
      }
      case 'POST /auth/account/switch': {
        if (!signedIn) return failure(401, 'Not signed in');
        // Taken back only in the type issued: a service of numeric ids does not look up "112".
        const target = isObject(body)
          ? ACCOUNTS.find(
              (account) =>
                account.login === signedIn.login &&
                body.userId === this.id(account.userId) &&
                body.practiceId === this.id(account.practiceId),
            )
          : undefined;
        if (!target) return failure(400, 'The account to switch to was not found');
        return { status: 200, json: this.userObject(target) };
      }
      case 'GET /practices': {
        if (!signedIn) return failure(401, 'Not signed in');
        const practice: JsonObject = { id: this.id(signedIn.practiceId), ...signedIn.practice, unitType: signedIn.unitType };
        if (signedIn.userType !== PATIENT_USER_TYPE) return { status: 200, json: practice };
        // A patient reads only what the patient portal shows, as the contract says (issue 37 item 11).
        const summary: JsonObject = {};
        for (const key of ['id', 'name', 'unitType', 'showReportsToPatients', 'whiteLabel']) {
          const value = practice[key];
          if (value !== undefined) summary[key] = value;
        }
        return { status: 200, json: summary };
      }
      case 'GET /users/me':
        if (!signedIn) return failure(401, 'Not signed in');
        return { status: 200, json: signedIn.me };
      default:
        return (
          this.analysis.respond(method, path, signedIn) ??
          this.myKits.respond(method, path, body, signedIn) ??
          this.patientMe.respond(method, path, body, signedIn) ??
          this.orderList.respond(method, path, query, signedIn) ??
          this.kits.respond(method, path, query, signedIn) ??
          this.reports.respond(method, path, body, signedIn) ??
          this.patients.respond(method, path, query, signedIn, body) ??
          this.users.respond(method, path, query, body, signedIn) ??
          this.webhooks.respond(method, path, query, body, signedIn) ??
          this.account.respond(method, path, query, body, signedIn) ??
          this.ordering.respond(method, path, signedIn && orderingAccount(signedIn), headers, body) ??
          failure(404, `No such call: ${method} ${BASE}${path}`)
        );
    }
  }
}

function failure(status: number, message: string): { status: number; json: Json } {
  return { status, json: { error: { message } } };
}

function parseBody(request: Request): unknown {
  if (!request.postData()) return undefined;
  try {
    return request.postDataJSON() as unknown;
  } catch {
    return request.postData();
  }
}
