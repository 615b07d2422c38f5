import type { SnapshotFrom } from 'xstate';
import type { settingsFormMachine } from './settings-form.machine';

type SettingsFormSnapshot = SnapshotFrom<typeof settingsFormMachine>;

export interface SettingsFormView {
  /** The save is under way: the form is disabled and its button loading. */
  busy: boolean;
  /** The practice form shows "Changes saved successfully" (3 s). */
  saved: boolean;
  /** The last save failed (its toast has been shown); the form still holds what was typed. */
  error: string | null;
}

export function selectSettingsForm(snapshot: SettingsFormSnapshot): SettingsFormView {
  return {
    busy: snapshot.hasTag('busy'),
    saved: snapshot.hasTag('saved'),
    error: snapshot.hasTag('failed') ? snapshot.context.error : null,
  };
}
