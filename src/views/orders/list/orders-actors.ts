import type { ActorRefFrom } from 'xstate';
import type { orderCancelMachine } from '../../../machines/orders/order-cancel.machine';

export type OrderCancelActor = ActorRefFrom<typeof orderCancelMachine>;
