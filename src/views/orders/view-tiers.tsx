import { Button } from 'antd';
import { useState } from 'react';
import { CatalogueText } from '../../model/orders/texts';
import { OnceOpened } from '../parts/once-opened';
import { lazyNamed } from '../lazy';

// The dialog's code loads when it is first opened: most visits never open it.
const TiersModal = lazyNamed(() => import('./tiers-modal'), 'TiersModal');

/**
 * Ordering §2: "View tiers" opens the drawing of the discount tiers. The drawing comes from the server's
 * pricing data, so the client holds no tier of its own.
 */
export function ViewTiersButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        {CatalogueText.viewTiers}
      </Button>
      <OnceOpened open={open}>
        <TiersModal open={open} onClose={() => setOpen(false)} />
      </OnceOpened>
    </>
  );
}
