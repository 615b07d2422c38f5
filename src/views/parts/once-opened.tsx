import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders a dialog or side panel from the first time it opens on, and nothing before: a lazily imported one then
 * loads its code only when someone opens it, and stays mounted afterwards so that it can close with its motion.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
