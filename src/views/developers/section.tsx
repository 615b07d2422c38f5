import { useId, type ReactNode } from 'react';
import { Panel } from '../parts/panel';
import './developers.css';

/** One part of the developer settings page: a bordered panel named by its own heading. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Panel
      aria-labelledby={id}
      role="region"
      title={
        <h3 id={id} className="developers-section-title">
          {title}
        </h3>
      }
    >
      {children}
    </Panel>
  );
}
