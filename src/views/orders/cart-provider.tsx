import { useSelector } from '@xstate/react';
import { createContext, useContext, useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createActor, type ActorRefFrom } from 'xstate';
import { currentInspector } from '../../machines/shell/inspection';
import { cartOwnerOf, type CartOwner } from '../../model/orders/cart';
import { selectUser } from '../../machines/auth/session.selectors';
import { cartMachine } from '../../machines/orders/cart.machine';
import type { CartSnapshot } from '../../machines/orders/cart.selectors';
import { cartStorage } from '../../services/orders/cart-storage';
import { useSession } from '../auth/session';

export type CartActor = ActorRefFrom<typeof cartMachine>;

/**
 * The cart of the signed-in practice account, created on first use: a page that never asks for the cart
 * (the kit list, the settings) starts no actor and sends no price calculation. Another account (a session
 * that changed without a reload) gets its own cart, and the previous one stops.
 */
interface CartHolder {
  get(owner: CartOwner): CartActor;
  /** The provider is mounted (again): a pending stop is cancelled. */
  keep(): void;
  /** The provider unmounts: stop the cart, unless it mounts again at once (React's strict mode does). */
  release(): void;
}

function createCartHolder(logic: typeof cartMachine): CartHolder {
  let actor: CartActor | null = null;
  let leaving = false;
  return {
    get(owner) {
      if (actor && actor.getSnapshot().context.owner !== owner) {
        actor.stop();
        actor = null;
      }
      if (!actor) {
        actor = createActor(logic, { input: { ...cartStorage.read(owner), owner }, inspect: currentInspector() });
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

const CartContext = createContext<{ holder: CartHolder; owner: CartOwner } | null>(null);

const selectCartOwner = (snapshot: Parameters<typeof selectUser>[0]) => cartOwnerOf(selectUser(snapshot)?.practice);

/**
 * The cart of the session's current practice account. `logic` lets a test give the cart other effects; the app
 * uses the real machine.
 */
export function CartProvider({ children, logic = cartMachine }: { children: ReactNode; logic?: typeof cartMachine }) {
  const [holder] = useState(() => createCartHolder(logic));
  const owner = useSession(selectCartOwner);
  useEffect(() => {
    holder.keep();
    return () => holder.release();
  }, [holder]);
  const value = useMemo(() => ({ holder, owner }), [holder, owner]);
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartActor {
  const cart = useContext(CartContext);
  if (!cart) throw new Error('useCart needs a CartProvider above it.');
  return cart.holder.get(cart.owner);
}

/**
 * What a view reads of the cart, a frame behind it (issue 45): the views follow a change of the cart in a background
 * render, so that the keystroke or click that changed it shows in its own frame (a typed quantity, a pressed button)
 * while a 30-line summary, the totals and the counts are drawn just after. Each reader renders its own parts only
 * when its deferred value changes (memo), so the change's own render stops at them.
 */
export function useCartSelector<T>(selector: (snapshot: CartSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  return useDeferredValue(useSelector(useCart(), selector, compare));
}
