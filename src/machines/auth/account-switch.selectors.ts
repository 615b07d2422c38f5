import type { SnapshotFrom } from 'xstate';
import type { accountSwitchMachine } from './account-switch.machine';

type AccountSwitchSnapshot = SnapshotFrom<typeof accountSwitchMachine>;

/** Busy from the request until the reload: a second pick is not offered. */
export function selectSwitchBusy(snapshot: AccountSwitchSnapshot): boolean {
  return snapshot.hasTag('busy');
}
