import * as v from 'valibot';
import { FulfilmentType } from '../enums';
import { IdSchema } from '../id';
import { limited, TextLimit } from '../limits';
import { optionalText } from '../schema';
import { AddressSchema } from '../practice/practice';
import {
  CustomerInformationSchema,
  customerErrors,
  limitedAddressField,
  shippingErrors,
  ShippingInformationSchema,
} from '../address/address-rules';
import { QuantitySchema } from './pricing';
import { CheckoutValidationText } from './texts';

/** Ordering §3 and §4: orders, their statuses, and the request that places one. */

export const OrderStatus = {
  Draft: 0,
  OrderReceived: 1,
  KitIdGenerated: 2,
  Shipped: 4,
  OrderCanceled: 5,
  PartialOrderShipped: 6,
  Delivered: 7,
  PendingPayment: 9,
  Completed: 12,
  KitIdsGenerationFailed: 27,
  Processed: 28,
  PaymentSucceeded: 29,
  PaymentFailed: 30,
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

export const OrderStatusGroup = {
  Draft: 'Draft',
  Received: 'Received',
  PendingPayment: 'Pending Payment',
  Shipped: 'Shipped',
  Completed: 'Completed',
  Canceled: 'Canceled',
} as const;
export type OrderStatusGroup = (typeof OrderStatusGroup)[keyof typeof OrderStatusGroup];

export const ShipTo = { Clinic: 'Clinic', Patient: 'Patient' } as const;
export type ShipTo = (typeof ShipTo)[keyof typeof ShipTo];

export const OrderItemRequestSchema = v.object({
  /** The product's uid, as the cart's price calculation sends it (contract decisions). */
  productId: limited(
    v.pipe(v.string('productId must be a product uid'), v.trim(), v.nonEmpty('productId is required')),
    'productId',
    TextLimit.identifier,
  ),
  quantity: QuantitySchema,
});

/**
 * The order request (ordering §3, contract decisions). Physical orders need a shipping address that
 * passes §5, and a customer when shipping to another address; the rules are the form's own.
 */
export const OrderRequestSchema = v.pipe(
  v.object({
    customerInformation: v.nullable(CustomerInformationSchema),
    shippingInformation: v.nullable(ShippingInformationSchema),
    items: v.pipe(v.array(OrderItemRequestSchema), v.minLength(1, CheckoutValidationText.itemsRequired)),
    paymentMethod: v.nullable(
      limited(v.pipe(v.string(), v.trim(), v.nonEmpty(CheckoutValidationText.paymentMethodIdMissing)), 'paymentMethod', TextLimit.token),
    ),
    fulfillment: v.picklist([FulfilmentType.Digital, FulfilmentType.Physical], 'fulfillment must be 0 (Digital) or 1 (Physical)'),
    shipTo: v.picklist([ShipTo.Clinic, ShipTo.Patient], 'shipTo must be "Clinic" or "Patient"'),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const order = dataset.value;
    if (order.fulfillment !== FulfilmentType.Physical) return;
    // A field's limit (too long, a control character) is already its issue: the form's rules report it too, once.
    const reported = new Set(dataset.issues?.map((issue) => v.getDotPath(issue)));
    const problems: [string, string][] = [];
    if (!order.shippingInformation) problems.push(['shippingInformation', CheckoutValidationText.addressRequired]);
    else
      for (const [field, message] of Object.entries(shippingErrors(order.shippingInformation)))
        problems.push([`shippingInformation.${field}`, message]);
    if (order.shipTo === ShipTo.Patient) {
      if (!order.customerInformation) problems.push(['customerInformation', CheckoutValidationText.firstNameRequired]);
      else
        for (const [field, message] of Object.entries(customerErrors(order.customerInformation)))
          problems.push([`customerInformation.${field}`, message]);
    }
    for (const [path, message] of problems) {
      if (reported.has(path)) continue;
      const [head, ...tail] = path
        .split('.')
        .map((key) => ({ type: 'object' as const, origin: 'value' as const, input: order, key, value: undefined }));
      addIssue(head ? { message, path: [head, ...tail] } : { message });
    }
  }),
);
export type OrderRequest = v.InferInput<typeof OrderRequestSchema>;

/** Ordering §7: the geo-shipping check. */
export const GeoShippingRequestSchema = v.object({
  isDTC: v.boolean('isDTC must be true or false'),
  countryCode: limitedAddressField(
    'country',
    v.pipe(v.string(CheckoutValidationText.countryRequired), v.trim(), v.nonEmpty(CheckoutValidationText.countryRequired)),
  ),
});
export type GeoShippingRequest = v.InferOutput<typeof GeoShippingRequestSchema>;
export const GeoShippingAnswerSchema = v.boolean();

const money = v.nullish(v.number(), 0);
/** An order number is a string (contract decisions); a service that sends digits as a number still reads. */
const OrderNumberSchema = v.pipe(v.union([v.string(), v.number()]), v.transform(String));

export const OrderStatusSchema = v.object({
  status: v.nullish(v.number(), null),
  group: optionalText,
  date: optionalText,
});

export const StatusHistoryEntrySchema = v.object({
  group: optionalText,
  status: v.nullish(v.number(), null),
  date: optionalText,
  description: optionalText,
});

export const OrderItemSchema = v.object({
  product: v.object({ id: v.nullish(IdSchema, null), name: optionalText, description: optionalText, uid: optionalText }),
  price: money,
  discount: money,
  quantity: v.number(),
  totalPrice: money,
});
export type OrderItem = v.InferOutput<typeof OrderItemSchema>;

/**
 * What the order page tells beyond the documents' Order (issue 40): where it went, how it was paid and its kits.
 * Every part is optional, as a real service may leave it out; the page then says the part is not available.
 */
// The practice's own address shape (ordering §3): every part optional there too.
export const OrderAddressSchema = AddressSchema;
export type OrderAddress = v.InferOutput<typeof OrderAddressSchema>;

export const OrderCustomerSchema = v.object({ firstName: optionalText, lastName: optionalText, email: optionalText, phone: optionalText });

/** How the order was paid: `Card` (with the card's brand and last four when known) or `Invoice` (Net 30). */
export const OrderPaymentSchema = v.object({ method: optionalText, brand: optionalText, last4: optionalText });

/** A kit or sample of the order, addressed by its barcode (the kit page's address). */
export const OrderKitSchema = v.object({
  barcode: v.pipe(v.union([v.string(), v.number()]), v.transform(String)),
  status: v.nullish(v.number(), null),
  productName: optionalText,
});
export type OrderKit = v.InferOutput<typeof OrderKitSchema>;

export const OrderSchema = v.object({
  uid: v.string(),
  number: OrderNumberSchema,
  orderDate: optionalText,
  customer: optionalText,
  status: v.nullish(OrderStatusSchema, null),
  statusHistory: v.nullish(v.array(StatusHistoryEntrySchema), []),
  deliveries: v.nullish(v.array(v.object({ trackingNumber: optionalText, provider: v.nullish(v.number(), null) })), []),
  shippingType: optionalText,
  items: v.nullish(v.array(OrderItemSchema), []),
  total: money,
  discount: money,
  shippingPrice: money,
  /** "Clinic" (the practice) or "Patient" (another address); null when the service does not say. */
  shipTo: optionalText,
  shippingInformation: v.nullish(OrderAddressSchema, null),
  customerInformation: v.nullish(OrderCustomerSchema, null),
  payment: v.nullish(OrderPaymentSchema, null),
  /** null when the service does not list them; an empty list when the order has none yet. */
  kits: v.nullish(v.array(OrderKitSchema), null),
});
export type Order = v.InferOutput<typeof OrderSchema>;

/** GET /Orders/{number}: `null` when no order has that number (contract decisions). */
export const OrderLookupSchema = v.nullable(OrderSchema);

/** Ordering §3: the total on the detail page is the sum of the items' totalPrice. */
export function orderItemsTotal(order: Pick<Order, 'items'>): number {
  return order.items.reduce((sum, item) => sum + item.totalPrice, 0);
}

/**
 * Ordering §4 names the codes and the groups but not which code is in which group; this is the
 * decision. Delivered is "complete and delivered", so Completed; a failed kit-id generation is still
 * an order the lab has received; a failed payment waits for payment.
 */
const GROUP_OF_STATUS: Readonly<Record<OrderStatus, OrderStatusGroup>> = {
  [OrderStatus.Draft]: OrderStatusGroup.Draft,
  [OrderStatus.OrderReceived]: OrderStatusGroup.Received,
  [OrderStatus.KitIdGenerated]: OrderStatusGroup.Received,
  [OrderStatus.KitIdsGenerationFailed]: OrderStatusGroup.Received,
  [OrderStatus.Processed]: OrderStatusGroup.Received,
  [OrderStatus.PaymentSucceeded]: OrderStatusGroup.Received,
  [OrderStatus.PendingPayment]: OrderStatusGroup.PendingPayment,
  [OrderStatus.PaymentFailed]: OrderStatusGroup.PendingPayment,
  [OrderStatus.Shipped]: OrderStatusGroup.Shipped,
  [OrderStatus.PartialOrderShipped]: OrderStatusGroup.Shipped,
  [OrderStatus.Delivered]: OrderStatusGroup.Completed,
  [OrderStatus.Completed]: OrderStatusGroup.Completed,
  [OrderStatus.OrderCanceled]: OrderStatusGroup.Canceled,
};

export function orderStatusGroup(status: OrderStatus): OrderStatusGroup {
  return GROUP_OF_STATUS[status];
}
