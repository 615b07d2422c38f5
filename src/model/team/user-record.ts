import * as v from 'valibot';
import { AddressSchema } from '../practice/practice';
import { integer } from '../schema';
import { ConsentDecisionsSchema } from '../account/consent-decisions';

// Apart from the team's requests and list (user.ts): every signed-in page reads the user record with the session,
// and only the team and account screens need the rest.

/**
 * Kits §3: the user record; `GET /Users/Me` answers the signed-in user's own one. The uid names
 * "yourself" and the username stands in for a missing name, so those two must be there.
 */
export const UserRecordSchema = v.object({
  uid: v.string(),
  firstName: v.nullish(v.string(), ''),
  lastName: v.nullish(v.string(), ''),
  email: v.nullish(v.string(), ''),
  phone: v.nullish(v.string(), null),
  username: v.string(),
  userType: integer('userType'),
  receiveNotifications: v.nullish(v.boolean(), false),
  notificationPreferences: v.nullish(v.array(v.string()), () => []),
  address: v.nullish(AddressSchema, null),
  /**
   * The provider profile's consents (PATCH /Users/Me/Consents). Optional: a service that leaves them out has
   * none given, which `consentsOf` reads as false.
   */
  researchConsent: v.nullish(v.boolean()),
  rejuvenationOlympicsConsent: v.nullish(v.boolean()),
  /** GET /Users/Me of the reference server: when each consent was agreed to or withdrawn (issue 41 item 2). */
  consentDecisions: v.nullish(ConsentDecisionsSchema),
});
export type UserRecord = v.InferOutput<typeof UserRecordSchema>;

/** The name a user goes by: first and last name, else the username. */
export function displayName(user: Pick<UserRecord, 'firstName' | 'lastName' | 'username'>): string {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name || user.username;
}
