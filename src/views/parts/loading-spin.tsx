import { Spin } from 'antd';
import type { SpinProps } from 'antd';
import { VisuallyHidden } from './visually-hidden';

/**
 * antd's Spin with a name for screen readers. The Spin itself is a plain div, on which an aria-label is not allowed
 * (axe: aria-prohibited-attr); a status region around it says the label instead, as its text.
 */
export function LoadingSpin({ label, size, spinning = true }: { label: string; size?: SpinProps['size']; spinning?: boolean }) {
  return (
    <div role="status">
      <Spin size={size} spinning={spinning} />
      {spinning ? <VisuallyHidden>{label}</VisuallyHidden> : null}
    </div>
  );
}
