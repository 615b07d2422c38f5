import { theme } from 'antd';
import { useId, type ReactNode } from 'react';
import { Panel } from '../parts/panel';

/** One part of the developer settings page: a bordered panel named by its own heading. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  const { token } = theme.useToken();
  return (
    <Panel
      aria-labelledby={id}
      role="region"
      title={
        <h3 id={id} style={{ margin: 0, fontSize: token.fontSizeLG, fontWeight: token.fontWeightStrong }}>
          {title}
        </h3>
      }
    >
      {children}
    </Panel>
  );
}
