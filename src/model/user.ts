import * as v from 'valibot';
import { AddressSchema } from './practice';
import { integer } from './schema';

/** Kits §3: the user record; `GET /Users/Me` answers the signed-in user's own one. */
export const UserRecordSchema = v.object({
  uid: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  phone: v.nullable(v.string()),
  username: v.string(),
  userType: integer('userType'),
  receiveNotifications: v.boolean(),
  notificationPreferences: v.array(v.string()),
  address: v.nullable(AddressSchema),
});
export type UserRecord = v.InferOutput<typeof UserRecordSchema>;

export function displayName(user: Pick<UserRecord, 'firstName' | 'lastName' | 'username'>): string {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name || user.username;
}
