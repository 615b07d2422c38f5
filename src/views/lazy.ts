import { lazy, type ComponentType } from 'react';

/** A named export loaded on first use, so each portal's code stays out of the sign-in page's bundle. */
export function lazyNamed<TModule, TKey extends keyof TModule>(load: () => Promise<TModule>, name: TKey) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
