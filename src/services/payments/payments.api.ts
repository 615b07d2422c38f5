import { PaymentMethodListSchema, type PaymentMethod } from '../../model/payments/payment';
import { http, type HttpClient } from '../http/http';

interface Call {
  signal?: AbortSignal;
}

const methodPath = (id: string) => `/Payments/Methods/${encodeURIComponent(id)}`;

export function createPaymentsApi(client: HttpClient) {
  return {
    list(options: Call = {}): Promise<PaymentMethod[]> {
      return client.read(PaymentMethodListSchema, '/Payments/Methods', { signal: options.signal });
    },
    /** Attaches a card the provider's script created in the browser (`pm_…`) to the practice. */
    async attach(id: string, options: Call = {}): Promise<void> {
      await client.request(`${methodPath(id)}/Attach`, { method: 'PATCH', signal: options.signal });
    },
    async setDefault(id: string, options: Call = {}): Promise<void> {
      await client.request(`${methodPath(id)}/SetDefault`, { method: 'PATCH', signal: options.signal });
    },
    async remove(id: string, options: Call = {}): Promise<void> {
      await client.request(methodPath(id), { method: 'DELETE', signal: options.signal });
    },
  };
}

export const paymentsApi = createPaymentsApi(http);
