import { Button } from 'antd';
import { useId, useState, type ReactNode } from 'react';
import './parts.css';

interface DisclosureProps {
  /** The toggle's words, which may change with the state ("Show History" / "Hide History"). */
  label: (open: boolean) => ReactNode;
  children: ReactNode;
  /** Names what is disclosed as a group for assistive technology. */
  contentLabel?: string;
  /** Its place among what surrounds it (a class of the caller's stylesheet). */
  className?: string;
}

/**
 * A link-styled toggle that shows and hides what follows it (the WAI-ARIA disclosure pattern): the button says
 * whether it is open and which element it controls, and the hidden content is not rendered until it is opened.
 */
export function Disclosure({ label, children, contentLabel, className }: DisclosureProps) {
  const [open, setOpen] = useState(false);
  const contentId = useId();
  return (
    <div className={className}>
      <Button type="link" className="parts-disclosure-toggle" aria-expanded={open} aria-controls={contentId} onClick={() => setOpen(!open)}>
        {label(open)}
      </Button>
      <div id={contentId} hidden={!open} {...(contentLabel ? { role: 'group', 'aria-label': contentLabel } : {})}>
        {open ? children : null}
      </div>
    </div>
  );
}
