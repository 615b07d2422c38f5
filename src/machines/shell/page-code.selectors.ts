import type { SnapshotFrom } from 'xstate';
import type { pageCodeMachine } from './page-code.machine';

/** The page may be drawn again: the user asked, or the connection came back. */
export const selectRetrying = (snapshot: SnapshotFrom<typeof pageCodeMachine>): boolean => snapshot.status === 'done';
