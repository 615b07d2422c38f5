import { Modal } from 'antd';
import { discountTiersImage } from '../../model/orders/cart';
import { CatalogueText } from '../../model/orders/texts';
import { useResolvedTheme } from '../shell/theme';
import './orders.css';

/** The discount tiers as the server draws them (ordering §2 "View tiers"). */
export function TiersModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const theme = useResolvedTheme();
  return (
    <Modal title={CatalogueText.tiersTitle} open={open} onCancel={onClose} footer={null} width={720} destroyOnHidden>
      <img src={discountTiersImage(theme)} alt={CatalogueText.tiersImageAlt} className="orders-tiers-image" />
    </Modal>
  );
}
