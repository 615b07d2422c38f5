import type { ReactNode } from 'react';

/**
 * A tab's label that fetches the tab's lazily loaded code as the pointer reaches it, so that it is usually there by
 * the click. Shared by the account pages whose tabs other than the first load on first showing.
 */
export function PrefetchingLabel({ load, children }: { load: () => Promise<unknown>; children: ReactNode }) {
  return <span onPointerEnter={() => void load()}>{children}</span>;
}
