import type { SnapshotFrom } from 'xstate';
import { resolvedTheme, type themeMachine } from './theme.machine';

type ThemeSnapshot = SnapshotFrom<typeof themeMachine>;

export const selectPreference = (snapshot: ThemeSnapshot) => snapshot.context.preference;
export const selectResolvedTheme = (snapshot: ThemeSnapshot) => resolvedTheme(snapshot.context);
