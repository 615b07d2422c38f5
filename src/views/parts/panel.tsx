import { theme } from 'antd';
import type { AriaRole, CSSProperties, ReactNode } from 'react';

interface PanelProps {
  title?: ReactNode;
  cover?: ReactNode;
  children: ReactNode;
  role?: AriaRole;
  'aria-labelledby'?: string;
  style?: CSSProperties;
}

/**
 * A bordered surface in the theme's colours, for the catalogue's cards and the cart. antd's Card would
 * do the same but brings its tabs along (Card can hold tabs), which alone is a tenth of the order page's
 * JavaScript budget.
 */
export function Panel({ title, cover, children, role, style, ...aria }: PanelProps) {
  const { token } = theme.useToken();
  return (
    <section
      role={role}
      aria-labelledby={aria['aria-labelledby']}
      style={{
        display: 'flex',
        flexDirection: 'column',
        background: token.colorBgContainer,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        overflow: 'hidden',
        ...style,
      }}
    >
      {cover}
      {title ? (
        <div
          style={{
            padding: `${token.paddingSM}px ${token.paddingLG}px`,
            borderBottom: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
            fontSize: token.fontSizeLG,
            fontWeight: token.fontWeightStrong,
            color: token.colorTextHeading,
          }}
        >
          {title}
        </div>
      ) : null}
      <div style={{ padding: token.paddingLG, display: 'flex', flexDirection: 'column', gap: 12, flex: 1 }}>{children}</div>
    </section>
  );
}
