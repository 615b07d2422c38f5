import type { ReactNode } from 'react';

const hidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** Text for screen readers only, e.g. that a link opens a new tab. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span style={hidden}>{children}</span>;
}
