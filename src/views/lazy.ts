import { lazy, type ComponentType } from 'react';

type PropsOf<T> = T extends ComponentType<infer P> ? P : never;

/**
 * A named export loaded on first use, with its own props: each portal's code stays out of the sign-in page's bundle,
 * and a dialog or panel out of its page's until it opens.
 */
export function lazyNamed<TModule, TKey extends keyof TModule>(load: () => Promise<TModule>, name: TKey) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<PropsOf<TModule[TKey]>> }));
}
