import { FulfilmentType } from '../../../src/model/enums';
import { OrderStatus, orderStatusGroup, ShipTo, type OrderRequestSchema } from '../../../src/model/orders/order';
import { OrderHistoryText } from '../../../src/model/orders/order-history';
import type * as v from 'valibot';
import type { NewStatusEntry } from '../../store/orders/orders';

/**
 * The server's own pure rules for a placed order. The rules it shares with the checkout (fulfilment, country, billing,
 * the invoice payer's billing information) are the model's, imported where they are used.
 */

type PlacedRequest = v.InferOutput<typeof OrderRequestSchema>;

/** The order's customer: the recipient when kits go to another address, else the practice. */
export function customerOf(request: Pick<PlacedRequest, 'shipTo' | 'customerInformation'>, practiceName: string): string {
  const recipient = request.customerInformation;
  if (request.shipTo !== ShipTo.Patient || !recipient) return practiceName;
  const name = `${recipient.firstName.trim()} ${recipient.lastName.trim()}`.trim();
  return name || practiceName;
}

/** Ordering §3: shippingType None means Digital. Shipped orders go by ground at home and by air abroad. */
export const ShippingType = { None: 'None', Domestic: 'UPS Ground', International: 'FedEx International Priority' } as const;

export function shippingTypeOf(fulfillment: number, countryCode: string | null): string {
  if (fulfillment === FulfilmentType.Digital) return ShippingType.None;
  return countryCode === 'US' ? ShippingType.Domestic : ShippingType.International;
}

/**
 * A new order's history (ordering §3), checkout's and the manifest's alike: received, then paid when a card was
 * charged `paidTotal` dollars for it, both at `date`.
 */
export function openingHistory(date: Date, paidTotal: number | null): NewStatusEntry[] {
  const entry = (status: OrderStatus, description: string): NewStatusEntry => ({
    status,
    group: orderStatusGroup(status),
    date,
    description,
  });
  const received = entry(OrderStatus.OrderReceived, OrderHistoryText.received);
  return paidTotal === null ? [received] : [received, entry(OrderStatus.PaymentSucceeded, OrderHistoryText.paid(paidTotal))];
}
