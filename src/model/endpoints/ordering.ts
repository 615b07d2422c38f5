import * as v from 'valibot';
import { EmptyResponseSchema } from '../auth/auth';
import { GeoShippingAnswerSchema, GeoShippingRequestSchema, OrderLookupSchema, OrderRequestSchema, OrderSchema } from '../orders/order';
import { limited, TextLimit } from '../limits';
import { PaymentMethodIdSchema, PaymentMethodListSchema, PaymentMethodSchema } from '../payments/payment';
import { CalculationRequestSchema, CalculationSchema } from '../orders/pricing';
import { ProductListSchema } from '../orders/product';
import type { Endpoint } from './endpoint';

/** The schema the server checks the id with. */
const PaymentMethodPath = v.object({ id: v.pipe(PaymentMethodIdSchema, v.description('The card provider’s payment method id, `pm_…`')) });
const noSuchCard = 'No card with this id belongs to the practice';

/** Products, price calculation, geo-shipping, placing and reading orders, and saved cards (ordering §7). */
export const ORDERING_ENDPOINTS: readonly Endpoint[] = [
  {
    operationId: 'listProducts',
    method: 'get',
    path: '/Products',
    summary: 'The product catalogue of the signed-in practice',
    description:
      'The products the practice’s unit type may order (src/model/orders/product-kinds.ts): test kits for clinics (HCP, Unknown) and DTC accounts, array processing (a sku naming MSA, GSA, GDA, EPICv2 or Enlighten) for research and processing customers (CPS, IRC).',
    signedIn: true,
    audience: 'provider',
    answer: {
      status: 200,
      description: 'The products the practice may order, as a plain array (the client sorts it)',
      schema: ProductListSchema,
    },
  },
  {
    operationId: 'calculateOrder',
    method: 'post',
    path: '/Orders/Calculate',
    summary: 'Price a cart with the volume tiers of the pricing data',
    signedIn: true,
    audience: 'provider',
    body: CalculationRequestSchema,
    answer: { status: 200, description: 'Totals and, per item, the price per kit and the tier discount', schema: CalculationSchema },
    errors: { 400: 'An item is unknown or its quantity is not a whole number of at least 1' },
  },
  {
    operationId: 'validateGeoShipping',
    method: 'post',
    path: '/Orders/ValidateGeoShipping',
    summary: 'Whether kits can be shipped to a country',
    signedIn: true,
    audience: 'provider',
    body: GeoShippingRequestSchema,
    answer: { status: 200, description: 'A bare boolean', schema: GeoShippingAnswerSchema },
  },
  {
    operationId: 'placeOrder',
    method: 'post',
    path: '/Orders/',
    summary: 'Place an order for the signed-in practice',
    description:
      'Send an `Idempotency-Key` header (one per checkout attempt): a repeated key answers the order that key already placed instead of placing another.',
    signedIn: true,
    audience: 'provider',
    body: OrderRequestSchema,
    answer: { status: 200, description: 'The placed order', schema: OrderSchema },
    errors: {
      400: 'A rule of the checkout is broken (the message names it), a product is not one the practice’s unit type may order (the message names it), the country is not shippable, or the card is missing or not the practice’s',
      409: 'The Idempotency-Key was used for a different order request',
    },
  },
  {
    operationId: 'getOrder',
    method: 'get',
    path: '/Orders/{number}',
    summary: 'One order of the practice, by its number',
    signedIn: true,
    audience: 'provider',
    pathParams: v.object({ number: limited(v.pipe(v.string(), v.description('The order number')), 'number', TextLimit.identifier) }),
    answer: { status: 200, description: 'The order, or null when the practice has no order with this number', schema: OrderLookupSchema },
  },
  {
    operationId: 'listPaymentMethods',
    method: 'get',
    path: '/Payments/Methods',
    summary: 'The practice’s saved cards',
    signedIn: true,
    audience: 'provider',
    answer: { status: 200, description: 'Every saved card, as a plain array', schema: PaymentMethodListSchema },
  },
  {
    operationId: 'attachPaymentMethod',
    method: 'patch',
    path: '/Payments/Methods/{id}/Attach',
    summary: 'Save a card the provider’s script created in the browser',
    signedIn: true,
    audience: 'provider',
    pathParams: PaymentMethodPath,
    answer: { status: 200, description: 'The saved card', schema: PaymentMethodSchema },
    errors: { 400: 'The card provider does not know this payment method or refused it' },
  },
  {
    operationId: 'setDefaultPaymentMethod',
    method: 'patch',
    path: '/Payments/Methods/{id}/SetDefault',
    summary: 'Make a saved card the default',
    signedIn: true,
    audience: 'provider',
    pathParams: PaymentMethodPath,
    answer: { status: 200, description: 'The card, now the default', schema: PaymentMethodSchema },
    errors: { 404: noSuchCard },
  },
  {
    operationId: 'deletePaymentMethod',
    method: 'delete',
    path: '/Payments/Methods/{id}',
    summary: 'Remove a saved card',
    signedIn: true,
    audience: 'provider',
    pathParams: PaymentMethodPath,
    answer: { status: 200, description: 'The card was removed', schema: EmptyResponseSchema },
    errors: { 404: noSuchCard, 409: 'The default card cannot be deleted while other cards exist' },
  },
];
