import type { ActorRefFrom } from 'xstate';
import type { orderCancelMachine } from '../../../machines/orders/order-cancel.machine';
import type { orderFiltersMachine } from '../../../machines/orders/order-filters.machine';

export type OrderFiltersActor = ActorRefFrom<typeof orderFiltersMachine>;
export type OrderCancelActor = ActorRefFrom<typeof orderCancelMachine>;
