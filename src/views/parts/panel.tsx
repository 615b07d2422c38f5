import type { AriaRole, ReactNode } from 'react';
import './parts.css';

interface PanelProps {
  title?: ReactNode;
  cover?: ReactNode;
  children: ReactNode;
  role?: AriaRole;
  'aria-labelledby'?: string;
  /** The caller's own size, say (a class of its area's stylesheet). */
  className?: string;
}

/**
 * A bordered surface in the theme's colours, for the catalogue's cards and the cart. antd's Card would
 * do the same but brings its tabs along (Card can hold tabs), which alone is a tenth of the order page's
 * JavaScript budget.
 */
export function Panel({ title, cover, children, role, className, ...aria }: PanelProps) {
  return (
    <section role={role} aria-labelledby={aria['aria-labelledby']} className={className ? `parts-panel ${className}` : 'parts-panel'}>
      {cover}
      {title ? <div className="parts-panel-title">{title}</div> : null}
      <div className="parts-panel-body">{children}</div>
    </section>
  );
}
