import { ProductListSchema, type Product } from '../../model/orders/product';
import { http, type HttpClient } from '../http/http';

export function createProductsApi(client: HttpClient) {
  return {
    async list(options: { signal?: AbortSignal } = {}): Promise<Product[]> {
      return client.read(ProductListSchema, '/Products', { signal: options.signal });
    },
  };
}

export const productsApi = createProductsApi(http);
