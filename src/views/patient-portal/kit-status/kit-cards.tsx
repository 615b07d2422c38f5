import { useCallback, useMemo, useState } from 'react';
import { clock } from '../../../services/platform/clock';
import type { Kit } from '../../../model/kits/kit';
import { kitTrackerAmong } from '../../../model/patient-portal/patient-tracker';
import { PatientKitStatusText } from '../../../model/patient-portal/patient-tracker-texts';
import { KitCard } from './kit-card';
import { KitPanel, type PanelState } from './kit-panel';
import '../patient-portal.css';

/** Kits §2 "Several kits": a grid of cards, one column on a phone, as many as fit on a desktop; each opens the panel. */
export function KitCards({ kits }: { kits: readonly Kit[] }) {
  const [panel, setPanel] = useState<PanelState>({ barcode: null, open: false });
  const close = useCallback(() => setPanel((shown) => ({ ...shown, open: false })), []);
  const show = useCallback((barcode: string) => setPanel({ barcode, open: true }), []);
  // Today once per visit: an ETA does not turn into a delay under the patient's eyes.
  const [now] = useState(() => clock.now());
  // Worked out once per list, not again each time the panel opens or closes, which renders this grid again.
  const trackers = useMemo(() => kits.map((kit) => kitTrackerAmong(kit, kits, now)), [kits, now]);
  return (
    <>
      <ul aria-label={PatientKitStatusText.kits} className="patient-portal-plain-list patient-portal-kit-grid">
        {kits.map((kit, index) => {
          const tracker = trackers[index];
          return tracker ? (
            <li key={kit.uid}>
              <KitCard kit={kit} tracker={tracker} onOpen={show} />
            </li>
          ) : null;
        })}
      </ul>
      <KitPanel panel={panel} kits={kits} now={now} onClose={close} onOpenKit={show} />
    </>
  );
}
