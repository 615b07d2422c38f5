import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { CatalogueText } from '../../model/orders/texts';

// The dialog's code loads when it is first opened: most visits never open it.
const TiersModal = lazy(() => import('./tiers-modal').then((module) => ({ default: module.TiersModal })));

/**
 * Ordering §2: "View tiers" opens the drawing of the discount tiers. The drawing comes from the server's
 * pricing data, so the client holds no tier of its own.
 */
export function ViewTiersButton() {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        size="small"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        {CatalogueText.viewTiers}
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <TiersModal open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
