import { OrderStatusGroup } from './order';

/**
 * Cancelling an order (ordering §2: "Delete is offered only when the status group is not Shipped,
 * Delivered or Completed"; contract: DELETE /Orders/{order uid}). Delivered is in the Completed group.
 * The server refuses with these texts (409), so a client shows the server's message as it is.
 */
export const OrderCancelText = {
  shipped: 'This order has shipped and can no longer be canceled.',
  completed: 'This order is completed and can no longer be canceled.',
  alreadyCanceled: 'This order is already canceled.',
  /** The description of the Canceled entry appended to the status history. */
  historyEntry: 'The order was canceled by the practice.',
} as const;

const REFUSAL_BY_GROUP: Readonly<Partial<Record<string, string>>> = {
  [OrderStatusGroup.Shipped]: OrderCancelText.shipped,
  [OrderStatusGroup.Completed]: OrderCancelText.completed,
  [OrderStatusGroup.Canceled]: OrderCancelText.alreadyCanceled,
};

/** Why an order in this status group cannot be canceled, or null when it can. */
export function cancelRefusal(group: string | null | undefined): string | null {
  return (group && REFUSAL_BY_GROUP[group]) || null;
}

export function canCancelOrder(group: string | null | undefined): boolean {
  return cancelRefusal(group) === null;
}
