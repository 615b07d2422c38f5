import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CodeLoadError, codeLoading } from '../services/shell/code-loading';

type PropsOf<T> = T extends ComponentType<infer P> ? P : never;

/**
 * A named export loaded on first use, with its own props: each portal's code stays out of the sign-in page's bundle,
 * and a dialog or panel out of its page's until it opens.
 *
 * A load that fails throws a CodeLoadError, which the page's boundary (views/shell/page-code-boundary.tsx) shows as
 * a message to try again; React keeps a failed lazy component failed, so a retry gives this one a fresh one.
 */
export function lazyNamed<TModule, TKey extends keyof TModule>(load: () => Promise<TModule>, name: TKey) {
  type Props = PropsOf<TModule[TKey]>;
  const fresh = (): LazyExoticComponent<ComponentType<Props>> =>
    lazy(async () => {
      try {
        return { default: (await load())[name] as ComponentType<Props> };
      } catch (error) {
        codeLoading.failed(() => {
          current = fresh();
        });
        throw new CodeLoadError(error);
      }
    });
  let current = fresh();
  function Loaded(props: Props) {
    // A lazy component takes the props of the one it loads; the type of a generic one does not say so.
    return createElement(current as ComponentType<Props & object>, props as Props & object);
  }
  Loaded.displayName = `Lazy(${String(name)})`;
  return Loaded as ComponentType<Props>;
}
