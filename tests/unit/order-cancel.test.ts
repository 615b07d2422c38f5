import { describe, expect, it } from 'vitest';
import { OrderStatus, OrderStatusGroup, orderStatusGroup } from '../../src/model/orders/order';
import { canCancelOrder, cancelRefusal, OrderCancelText } from '../../src/model/orders/order-cancel';

describe('cancelling an order (ordering §2: no Delete once Shipped, Delivered or Completed)', () => {
  it.each([OrderStatusGroup.Draft, OrderStatusGroup.Received, OrderStatusGroup.PendingPayment])('allows it in %s', (group) => {
    expect(cancelRefusal(group)).toBeNull();
    expect(canCancelOrder(group)).toBe(true);
  });

  it('refuses a shipped order, a delivered or completed one, and one already canceled, each with its own text', () => {
    expect(cancelRefusal(orderStatusGroup(OrderStatus.Shipped))).toBe(OrderCancelText.shipped);
    expect(cancelRefusal(orderStatusGroup(OrderStatus.PartialOrderShipped))).toBe(OrderCancelText.shipped);
    expect(cancelRefusal(orderStatusGroup(OrderStatus.Delivered))).toBe(OrderCancelText.completed);
    expect(cancelRefusal(orderStatusGroup(OrderStatus.Completed))).toBe(OrderCancelText.completed);
    expect(cancelRefusal(orderStatusGroup(OrderStatus.OrderCanceled))).toBe(OrderCancelText.alreadyCanceled);
    expect(canCancelOrder(OrderStatusGroup.Shipped)).toBe(false);
  });

  it('allows an order whose status is not known (the server decides)', () => {
    expect(canCancelOrder(null)).toBe(true);
    expect(canCancelOrder('Something new')).toBe(true);
  });
});
