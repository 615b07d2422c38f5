import { Modal } from 'antd';
import { DISCOUNT_TIERS_IMAGE } from '../../model/orders/cart';
import { CatalogueText } from '../../model/orders/texts';
import './orders.css';

/** The discount tiers as the server draws them (ordering §2 "View tiers"). */
export function TiersModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal title={CatalogueText.tiersTitle} open={open} onCancel={onClose} footer={null} width={720} destroyOnHidden>
      <img src={DISCOUNT_TIERS_IMAGE} alt={CatalogueText.tiersImageAlt} className="orders-tiers-image" />
    </Modal>
  );
}
