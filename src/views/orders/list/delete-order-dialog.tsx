import { Modal } from 'antd';
import { memo } from 'react';
import { DeleteOrderText } from '../../../model/orders/order-list-texts';
import type { OrderCancelView } from '../../../machines/orders/order-cancel.selectors';
import type { OrderCancelActor } from './orders-actors';

/**
 * Ordering §2: "Delete Order", its question, Cancel and Delete; the question stays up, loading, until the server
 * answers. Rendered again only when the question changes, not when the list loads a page.
 */
export const DeleteOrderDialog = memo(function DeleteOrderDialog({ view, actor }: { view: OrderCancelView; actor: OrderCancelActor }) {
  return (
    <Modal
      open={view.confirming}
      title={DeleteOrderText.title}
      okText={DeleteOrderText.confirm}
      // A red outline rather than a red fill: white on the dark theme's red fill does not reach 4.5:1.
      okButtonProps={{ danger: true, type: 'default' }}
      cancelText={DeleteOrderText.cancel}
      cancelButtonProps={{ disabled: view.busy }}
      confirmLoading={view.busy}
      closable={!view.busy}
      mask={{ closable: !view.busy }}
      keyboard={!view.busy}
      onOk={() => actor.send({ type: 'order.confirmDelete' })}
      onCancel={() => actor.send({ type: 'order.cancelDelete' })}
    >
      {DeleteOrderText.question}
    </Modal>
  );
});
