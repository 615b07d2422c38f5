import {
  cartChanged,
  CART_STORAGE_KEY,
  parseStoredCart,
  serializeCart,
  type CartItem,
  type CartOwner,
  type StoredCart,
} from '../../model/orders/cart';

/**
 * The carts in localStorage under `cart-storage` (ordering §3 and §9), one per practice account: each survives a
 * reload and is shared by the browser's tabs signed in to that account. Storage is read only inside the functions,
 * so importing this module needs no browser.
 */
export interface CartStorage {
  /** The account's stored cart; an empty one when nothing readable is stored. */
  read(owner: CartOwner): StoredCart;
  /** Replaces the account's cart, keeping every other account's. */
  write(owner: CartOwner, cart: { items: readonly CartItem[]; checkoutKey: string }): void;
  /** Another tab changed this account's cart (or cleared the storage): its new content. */
  subscribe(owner: CartOwner, listener: (cart: StoredCart) => void): () => void;
}

/** The part of the Web Storage API the cart uses; tests pass a map. */
export type CartStorageArea = Pick<Storage, 'getItem' | 'setItem'>;

export function createCartStorage(storage: () => CartStorageArea, target: () => EventTarget = () => window): CartStorage {
  return {
    read(owner) {
      try {
        return parseStoredCart(storage().getItem(CART_STORAGE_KEY), owner);
      } catch {
        // Storage itself refused (disabled cookies, a sandboxed frame): the cart starts empty.
        return parseStoredCart(null, owner);
      }
    },
    write(owner, cart) {
      try {
        const area = storage();
        area.setItem(CART_STORAGE_KEY, serializeCart(area.getItem(CART_STORAGE_KEY), owner, cart));
      } catch {
        // Full or refused storage: the cart still works in this tab; it only does not outlive it.
      }
    },
    subscribe(owner, listener) {
      const onStorage = (event: Event) => {
        if (!(event instanceof StorageEvent)) return;
        // A null key means the other tab cleared the whole storage, the cart with it.
        if (event.key !== null && event.key !== CART_STORAGE_KEY) return;
        if (event.storageArea !== null && event.storageArea !== storage()) return;
        const after = event.key === null ? null : event.newValue;
        // Another account's cart changed in another tab: nothing here to follow.
        if (event.key !== null && !cartChanged(event.oldValue, after, owner)) return;
        listener(parseStoredCart(after, owner));
      };
      const events = target();
      events.addEventListener('storage', onStorage);
      return () => events.removeEventListener('storage', onStorage);
    },
  };
}

export const cartStorage = createCartStorage(() => window.localStorage);
