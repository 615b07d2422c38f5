import type { SnapshotFrom } from 'xstate';
import type { ConsentName } from '../../model/account/account-consents';
import type { consentsMachine } from './consents.machine';

type ConsentsSnapshot = SnapshotFrom<typeof consentsMachine>;

export interface ConsentsView {
  /** A user with a uid is loaded: the switches show their consents. */
  ready: boolean;
  researchConsent: boolean;
  rejuvenationOlympicsConsent: boolean;
  /** The switch being saved, which shows it is busy. */
  pending: ConsentName | null;
  /** A switch takes a click: a user is loaded, no statement is open and no save runs. */
  canChange: boolean;
  /** The consent whose statement is open (turning it on or "Learn more"). */
  reading: ConsentName | null;
  /** "Learn more" takes a click. */
  canRead: boolean;
}

export function selectConsents(snapshot: ConsentsSnapshot): ConsentsView {
  const { context } = snapshot;
  return {
    ready: snapshot.hasTag('ready'),
    researchConsent: context.researchConsent,
    rejuvenationOlympicsConsent: context.rejuvenationOlympicsConsent,
    pending: context.pending,
    canChange: snapshot.can({ type: 'consents.change', consent: 'researchConsent', value: !context.researchConsent }),
    reading: snapshot.hasTag('reading') ? context.reading : null,
    canRead: snapshot.can({ type: 'consents.read', consent: 'researchConsent' }),
  };
}
