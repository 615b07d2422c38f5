import { useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { createActor, type ActorRefFrom } from 'xstate';
import { currentInspector } from '../../machines/shell/inspection';
import { cartMachine } from '../../machines/orders/cart.machine';
import type { CartSnapshot } from '../../machines/orders/cart.selectors';
import { cartStorage } from '../../services/orders/cart-storage';

export type CartActor = ActorRefFrom<typeof cartMachine>;

/**
 * The one cart of the provider portal, created on first use: a page that never asks for the cart
 * (the kit list, the settings) starts no actor and sends no price calculation.
 */
interface CartHolder {
  get(): CartActor;
  /** The provider is mounted (again): a pending stop is cancelled. */
  keep(): void;
  /** The provider unmounts: stop the cart, unless it mounts again at once (React's strict mode does). */
  release(): void;
}

function createCartHolder(logic: typeof cartMachine): CartHolder {
  let actor: CartActor | null = null;
  let leaving = false;
  return {
    get() {
      if (!actor) {
        actor = createActor(logic, { input: cartStorage.read(), inspect: currentInspector() });
        actor.start();
      }
      return actor;
    },
    keep() {
      leaving = false;
    },
    release() {
      leaving = true;
      queueMicrotask(() => {
        if (!leaving) return;
        actor?.stop();
        actor = null;
      });
    },
  };
}

const CartContext = createContext<CartHolder | null>(null);

/** `logic` lets a test give the cart other effects; the app uses the real machine. */
export function CartProvider({ children, logic = cartMachine }: { children: ReactNode; logic?: typeof cartMachine }) {
  const [holder] = useState(() => createCartHolder(logic));
  useEffect(() => {
    holder.keep();
    return () => holder.release();
  }, [holder]);
  return <CartContext.Provider value={holder}>{children}</CartContext.Provider>;
}

export function useCart(): CartActor {
  const holder = useContext(CartContext);
  if (!holder) throw new Error('useCart needs a CartProvider above it.');
  return holder.get();
}

export function useCartSelector<T>(selector: (snapshot: CartSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  return useSelector(useCart(), selector, compare);
}
