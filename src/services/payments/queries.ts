import { queryOptions } from '@tanstack/react-query';
import { paymentsApi } from './payments.api';

/** The practice's saved cards, for checkout and the payment methods panel. */
export const paymentKeys = {
  methods: ['payments', 'methods'] as const,
};

export const paymentMethodsQuery = () =>
  queryOptions({ queryKey: paymentKeys.methods, queryFn: ({ signal }) => paymentsApi.list({ signal }) });
