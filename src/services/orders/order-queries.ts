import { queryOptions } from '@tanstack/react-query';
import { ordersApi } from './orders.api';
import { paymentsApi } from '../payments/payments.api';
import { productsApi } from './products.api';
import { queryKeys } from '../http/queries';

/** The buying path's server data, apart from queries.ts so that the shell and sign-in carry none of its schemas. */

export const productsQuery = () => queryOptions({ queryKey: queryKeys.products, queryFn: ({ signal }) => productsApi.list({ signal }) });

export const orderQuery = (number: string) =>
  queryOptions({ queryKey: queryKeys.order(number), queryFn: ({ signal }) => ordersApi.get(number, { signal }) });

export const paymentMethodsQuery = () =>
  queryOptions({ queryKey: queryKeys.paymentMethods, queryFn: ({ signal }) => paymentsApi.list({ signal }) });
