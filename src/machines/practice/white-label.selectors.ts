import type { SnapshotFrom } from 'xstate';
import type { whiteLabelMachine } from './white-label.machine';

type WhiteLabelSnapshot = SnapshotFrom<typeof whiteLabelMachine>;

export interface WhiteLabelView {
  /** The toggle "Enable Custom Logo on Reports"; on shows the uploader. */
  enabled: boolean;
  /** A file is chosen (whether acceptable or not): its preview and name are shown. */
  fileName: string | null;
  /** The chosen file is being read for its type and size. */
  checking: boolean;
  /** The chosen file passed every check and is what Save Changes sends. */
  fileReady: boolean;
  error: string | null;
  warning: string | null;
  saving: boolean;
  /** "Saved Successfully" shows until the field is edited again. */
  saved: boolean;
  /** Save Changes takes a click: off (clears), or on with an acceptable new file. */
  canSave: boolean;
}

export function selectWhiteLabel(snapshot: WhiteLabelSnapshot): WhiteLabelView {
  const { enabled, fileName, error, warning } = snapshot.context;
  return {
    enabled,
    fileName,
    checking: snapshot.hasTag('checking'),
    fileReady: snapshot.hasTag('ready'),
    error,
    warning,
    saving: snapshot.hasTag('busy'),
    saved: snapshot.hasTag('saved'),
    canSave: snapshot.hasTag('ready') || snapshot.can({ type: 'whiteLabel.save', logo: null }),
  };
}
