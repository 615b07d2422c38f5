import { ACCOUNTS, type Account } from './portal-api-accounts';
import type { Answer } from './portal-api-ordering';
import type { Json } from './portal-api-fake';

type JsonObject = { [key: string]: Json };

/**
 * The accounts' own records as the module defines them: each fake starts from these, so that a save in one
 * journey (which changes the shared `me` object, for a later GET /Users/Me to see) never reaches the next.
 */
const PRISTINE: readonly JsonObject[] = ACCOUNTS.map((account) => structuredClone(account.me));

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const isBlank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

function failure(status: number, message: string): Answer {
  return { status, json: { error: { message } } };
}

/** Kits §5 "Profile update", worded as a service words a refusal: the first broken rule. */
function profileProblem(body: JsonObject): string | null {
  if (isBlank(body.firstName)) return 'First name is required';
  if (isBlank(body.lastName)) return 'Last name is required';
  if (isBlank(body.phone)) return 'Phone is required';
  if ('receiveNotifications' in body && typeof body.receiveNotifications !== 'boolean') return 'receiveNotifications must be a boolean';
  const address = body.address;
  if (address === undefined || address === null) return null;
  if (!isObject(address)) return 'address must be an object';
  if (isBlank(address.addressLine1)) return 'Address is required';
  if (isBlank(address.city)) return 'City is required';
  if (isBlank(address.country)) return 'Country is required';
  if (address.country === 'US' && isBlank(address.state)) return 'State is required';
  if (isBlank(address.zipCode)) return 'Zip code is required';
  return null;
}

/**
 * The contract fake's part for the signed-in user's own account (kits §2, §7; README decisions): PUT /Users/Me
 * (the account tab and the provider profile: names and phone required, the email read-only, notifications and
 * address kept when left out) and PATCH /Users/Me/Consents (`{ uid, researchConsent, rejuvenationOlympicsConsent }`,
 * the uid the user's own). Each changes the account's `me` object, which GET /Users/Me answers, and answers it.
 */
export class AccountFake {
  constructor() {
    ACCOUNTS.forEach((account, index) => {
      const pristine = PRISTINE[index];
      if (pristine) account.me = structuredClone(pristine);
    });
  }

  /** The answer for one of these calls, or null when the call is not one of them. */
  respond(method: string, path: string, _query: URLSearchParams, body: unknown, account: Account | undefined): Answer | null {
    switch (`${method} ${path.toLowerCase()}`) {
      case 'PUT /users/me':
        return account ? this.saveProfile(account, body) : failure(401, 'Not signed in');
      case 'PATCH /users/me/consents':
        return account ? this.saveConsents(account, body) : failure(401, 'Not signed in');
      default:
        return null;
    }
  }

  private saveProfile(account: Account, body: unknown): Answer {
    if (!isObject(body)) return failure(400, 'The body must be a JSON object');
    const problem = profileProblem(body);
    if (problem) return failure(400, problem);
    const me = account.me;
    for (const field of ['firstName', 'lastName', 'phone'] as const) {
      const value = body[field];
      if (typeof value === 'string') me[field] = value.trim();
    }
    if (typeof body.receiveNotifications === 'boolean') me.receiveNotifications = body.receiveNotifications;
    if (body.address !== undefined) me.address = body.address;
    return { status: 200, json: me };
  }

  private saveConsents(account: Account, body: unknown): Answer {
    if (!isObject(body) || typeof body.researchConsent !== 'boolean' || typeof body.rejuvenationOlympicsConsent !== 'boolean') {
      return failure(400, 'researchConsent and rejuvenationOlympicsConsent must be booleans');
    }
    if (body.uid !== account.me.uid) return failure(403, 'You can only change your own consents');
    account.me.researchConsent = body.researchConsent;
    account.me.rejuvenationOlympicsConsent = body.rejuvenationOlympicsConsent;
    return { status: 200, json: account.me };
  }
}
