import { Button, Card } from 'antd';
import { useState, type ReactNode } from 'react';
import type { Kit } from '../../../model/kits/kit';
import { orNotAvailable } from '../../../model/kits/kit-detail';
import { KitInfoText } from '../../../model/kits/kit-detail-texts';
import { formatKitDate, registrantName } from '../../../model/kits/kit-list-rules';
import { kitDisplayStatus } from '../../../model/kits/kit-status';
import { OnceOpened } from '../../parts/once-opened';
import { lazyNamed } from '../../lazy';
import './kit-detail.css';

// The product panel (antd's Drawer) loads its code when the product's name first opens it.
const ProductPanel = lazyNamed(() => import('../list/kit-panels'), 'ProductPanel');

/**
 * Kits §2 and §6: for HCP, the "Kit & Product Information" card: kit id, order number, status, created and
 * registered dates, registrant, the product's name (opening the product information panel, as in the kit list)
 * and its description.
 */
export function KitInfoCard({ kit }: { kit: Kit }) {
  const [productOpen, setProductOpen] = useState(false);
  const product = kit.product;
  const rows: [string, ReactNode][] = [
    [KitInfoText.kitId, kit.barcode],
    [KitInfoText.orderNumber, orNotAvailable(kit.order?.orderNumber)],
    [KitInfoText.status, kitDisplayStatus(kit.status?.status)],
    [KitInfoText.createdDate, orNotAvailable(formatKitDate(kit.createdAt))],
    [KitInfoText.registeredDate, orNotAvailable(formatKitDate(kit.registeredAt))],
    [KitInfoText.registrant, orNotAvailable(registrantName(kit))],
    [
      KitInfoText.product,
      product?.name ? (
        <Button type="link" className="kit-detail-bare-button" aria-haspopup="dialog" onClick={() => setProductOpen(true)}>
          {product.name}
        </Button>
      ) : (
        orNotAvailable(null)
      ),
    ],
    [KitInfoText.description, orNotAvailable(product?.description)],
  ];

  return (
    <Card title={<h3 className="kit-detail-card-title">{KitInfoText.title}</h3>}>
      <dl className="kit-detail-info">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <OnceOpened open={productOpen}>
        <ProductPanel kit={productOpen ? kit : null} onClose={() => setProductOpen(false)} />
      </OnceOpened>
    </Card>
  );
}
