import type { SnapshotFrom } from 'xstate';
import type { orderCancelMachine } from './order-cancel.machine';

type OrderCancelSnapshot = SnapshotFrom<typeof orderCancelMachine>;

export interface OrderCancelView {
  /** The order asked about, or being canceled. */
  uid: string | null;
  /** "Delete Order" is shown. */
  confirming: boolean;
  /** The cancel call is under way: Delete shows it is loading and the question cannot be dismissed. */
  busy: boolean;
  /** A row's Delete takes a click: no other order is being asked about or canceled. */
  canDelete: boolean;
}

export function selectOrderCancel(snapshot: OrderCancelSnapshot): OrderCancelView {
  return {
    uid: snapshot.context.uid,
    confirming: snapshot.hasTag('confirming'),
    busy: snapshot.hasTag('busy'),
    canDelete: snapshot.can({ type: 'order.delete', uid: '' }),
  };
}
