import { ORDER_REQUEST_TIMEOUT_MS } from '../../model/constants';
import {
  GeoShippingAnswerSchema,
  OrderLookupSchema,
  OrderSchema,
  type GeoShippingRequest,
  type Order,
  type OrderRequest,
} from '../../model/orders/order';
import type * as v from 'valibot';
import { OrdersPageSchema, type OrderListQuery } from '../../model/orders/order-list';
import { listSearchParams } from '../../model/lists/paging';
import { CalculationSchema, type Calculation, type CalculationRequest } from '../../model/orders/pricing';
import { http, type HttpClient } from '../http/http';

export type OrdersPage = v.InferOutput<typeof OrdersPageSchema>;

interface Call {
  signal?: AbortSignal;
}

export function createOrdersApi(client: HttpClient) {
  return {
    calculate(request: CalculationRequest, options: Call = {}): Promise<Calculation> {
      return client.read(CalculationSchema, '/Orders/Calculate', { method: 'POST', body: request, signal: options.signal });
    },
    validateGeoShipping(request: GeoShippingRequest, options: Call = {}): Promise<boolean> {
      return client.read(GeoShippingAnswerSchema, '/Orders/ValidateGeoShipping', { method: 'POST', body: request, signal: options.signal });
    },
    /**
     * Places an order. The key names one checkout attempt: sent again (a retry after a time-out, a
     * second tab with the same cart), it makes the server answer the order it already placed.
     */
    place(request: OrderRequest, idempotencyKey: string, options: Call = {}): Promise<Order> {
      return client.read(OrderSchema, '/Orders/', {
        method: 'POST',
        body: request,
        timeout: ORDER_REQUEST_TIMEOUT_MS,
        headers: { 'Idempotency-Key': idempotencyKey },
        signal: options.signal,
      });
    },
    /** The order with this number, or null when there is none. */
    get(number: string, options: Call = {}): Promise<Order | null> {
      return client.read(OrderLookupSchema, `/Orders/${encodeURIComponent(number)}`, { signal: options.signal });
    },
    /** One page of the practice's orders, sorted and filtered by the server (ordering §7). */
    list(query: OrderListQuery, options: Call = {}): Promise<OrdersPage> {
      return client.read(OrdersPageSchema, '/Orders', { query: Object.fromEntries(listSearchParams(query)), signal: options.signal });
    },
    /**
     * Cancels the order with this uid (contract decisions: `DELETE /Orders/{order uid}`). The answer's body
     * is not shown by the documents, so only its success counts; the list is read again afterwards.
     */
    async cancel(uid: string, options: Call = {}): Promise<void> {
      await client.request(`/Orders/${encodeURIComponent(uid)}`, { method: 'DELETE', signal: options.signal });
    },
  };
}

export const ordersApi = createOrdersApi(http);
