import * as v from 'valibot';
import { flag, request } from '../schema';
import { AccountAddressSchema } from './account-profile';
import { PROFILE_FIELDS } from '../team/user';

// Apart from the team's schemas in ./user.ts: the address reads countries by name, and the team page has no
// address to read, so it does without the country list.

/**
 * PUT /Users/Me: the account tab and the provider profile (kits §2). The email is read-only (an email sent along
 * is ignored). Notifications or an address left out keep what is stored: the account tab sends no address and
 * the profile form no notifications. The address is "address if present" (kits §5): null, or every field blank,
 * clears it.
 */
export const AccountUpdateRequestSchema = request({
  ...PROFILE_FIELDS,
  receiveNotifications: v.optional(flag('receiveNotifications')),
  address: v.optional(AccountAddressSchema),
});
export type AccountUpdateRequest = v.InferInput<typeof AccountUpdateRequestSchema>;
export type AccountUpdateFields = v.InferOutput<typeof AccountUpdateRequestSchema>;
