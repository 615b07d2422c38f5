import { useCallback, useState } from 'react';
import type { Kit } from '../../../model/kits/kit';
import { kitTrackerAmong } from '../../../model/patient-portal/patient-tracker';
import { PatientKitStatusText } from '../../../model/patient-portal/patient-tracker-texts';
import { KitCard } from './kit-card';
import { KitPanel, type PanelState } from './kit-panel';

/** Kits §2 "Several kits": a grid of cards, one column on a phone, as many as fit on a desktop; each opens the panel. */
export function KitCards({ kits }: { kits: readonly Kit[] }) {
  const [panel, setPanel] = useState<PanelState>({ barcode: null, open: false });
  const close = useCallback(() => setPanel((shown) => ({ ...shown, open: false })), []);
  return (
    <>
      <ul
        aria-label={PatientKitStatusText.kits}
        style={{
          listStyle: 'none',
          margin: 0,
          padding: 0,
          display: 'grid',
          gap: 16,
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))',
        }}
      >
        {kits.map((kit) => (
          <li key={kit.uid}>
            <KitCard kit={kit} tracker={kitTrackerAmong(kit, kits)} onOpen={() => setPanel({ barcode: kit.barcode, open: true })} />
          </li>
        ))}
      </ul>
      <KitPanel panel={panel} kits={kits} onClose={close} />
    </>
  );
}
