import type * as v from 'valibot';
import { limited, TextLimit } from '../limits';
import { flag, request, requiredText } from '../schema';
import { ConsentText as T } from './account-texts';

/**
 * Kits §3 "Patient consent" and §4 "Consents": a person's research and leaderboard (Rejuvenation Olympics)
 * consents. The provider profile saves them with PATCH /Users/Me/Consents and the patient portal with
 * PATCH /Patients/Me/Consents, both with the body the documents give the patient portal.
 */

export const ConsentsRequestSchema = request({
  /** The signed-in user's own uid: a consent is given by the person it concerns, never for someone else. */
  uid: limited(requiredText(T.uidRequired), 'uid', TextLimit.identifier),
  researchConsent: flag('researchConsent'),
  rejuvenationOlympicsConsent: flag('rejuvenationOlympicsConsent'),
});
export type ConsentsRequest = v.InferOutput<typeof ConsentsRequestSchema>;

export interface ConsentValues {
  researchConsent: boolean;
  rejuvenationOlympicsConsent: boolean;
}
export type ConsentName = keyof ConsentValues;

/** A record's consents read leniently: a consent missing or null has not been given. */
export function consentsOf(record: { researchConsent?: boolean | null; rejuvenationOlympicsConsent?: boolean | null }): ConsentValues {
  return {
    researchConsent: record.researchConsent ?? false,
    rejuvenationOlympicsConsent: record.rejuvenationOlympicsConsent ?? false,
  };
}

/** Kits §8: the failure that names the switch which reverted. */
export const CONSENT_FAILURE: Readonly<Record<ConsentName, string>> = {
  researchConsent: T.researchFailed,
  rejuvenationOlympicsConsent: T.olympicsFailed,
};
