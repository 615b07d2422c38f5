import { useQuery } from '@tanstack/react-query';
import { Alert, Drawer } from 'antd';
import { useDeferredValue } from 'react';
import type { Kit } from '../../../model/kits/kit';
import { PatientKitStatusText } from '../../../model/patient-portal/patient-tracker-texts';
import { messageOf } from '../../../services/http/api-error';
import { myKitQuery } from '../../../services/patient-portal/queries';
import { KitTrackerView } from './tracker';

/** Wide enough for the tracker on a desktop; on a phone it leaves a strip of the page to tap to close it. */
const PANEL_SIZE = 'min(480px, calc(100vw - 48px))';

export interface PanelState {
  /** The kit last opened, kept while the panel slides shut so that its content does not vanish first. */
  readonly barcode: string | null;
  readonly open: boolean;
}

/**
 * Kits §2: the right side panel with one kit's tracker. It reads the kit afresh with `GET /Kits/{barcode}/My`, showing
 * the list's copy meanwhile. antd's Drawer closes on Escape, on the backdrop and on its X, traps focus while open and
 * gives it back to the button that opened it.
 */
export function KitPanel({
  panel,
  kits,
  now,
  onClose,
  onOpenKit,
}: {
  panel: PanelState;
  kits: readonly Kit[];
  now: Date;
  onClose: () => void;
  /** Shows another of the patient's kits in the panel: a replaced kit's "Replaced by" link. */
  onOpenKit: (barcode: string) => void;
}) {
  const barcode = panel.barcode ?? '';
  const listed = kits.find((kit) => kit.barcode === barcode);
  const kit = useQuery({ ...myKitQuery(barcode), enabled: panel.open && panel.barcode !== null, placeholderData: listed });
  // The tracker is drawn in a background render just after the panel starts to open: the click's own frame shows the
  // panel coming, where drawing the tracker first held that frame back (about a third of the click's work at 4× CPU).
  // Until then the panel holds only its title, the barcode; it never shows one kit's tracker under another's barcode.
  const drawn = useDeferredValue(panel.barcode) === panel.barcode;
  return (
    <Drawer
      placement="right"
      open={panel.open}
      onClose={onClose}
      title={panel.barcode}
      closable={{ 'aria-label': PatientKitStatusText.close }}
      focusable={{ trap: true, focusTriggerAfterClose: true }}
      size={PANEL_SIZE}
    >
      {!drawn ? null : kit.isError ? (
        <Alert type="error" showIcon title={PatientKitStatusText.error(messageOf(kit.error, PatientKitStatusText.kitLoadFailed))} />
      ) : kit.data ? (
        // A tracker per kit: its report downloads and its open history are that kit's own.
        <KitTrackerView key={kit.data.barcode} kit={kit.data} kits={kits} now={now} titled={false} onOpenKit={onOpenKit} />
      ) : null}
    </Drawer>
  );
}
