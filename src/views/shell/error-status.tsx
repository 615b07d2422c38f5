import { CloseCircleFilled } from '@ant-design/icons';
import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * A failure shown in place of a screen, laid out as antd's Result with the error status, from parts the first page
 * already loads: Result itself brings its exception illustrations, which every first visit would then download.
 * `heading` makes the title the page's heading (the crash screen), where it stands for the whole page.
 */
export function ErrorStatus({
  title,
  subTitle,
  extra,
  heading = false,
}: {
  title: ReactNode;
  subTitle: ReactNode;
  extra: ReactNode;
  heading?: boolean;
}) {
  const { token } = theme.useToken();
  const Title = heading ? 'h1' : 'div';
  return (
    <Flex vertical align="center" style={{ padding: `${token.paddingXL * 1.5}px ${token.paddingLG}px`, textAlign: 'center' }}>
      <CloseCircleFilled aria-hidden style={{ fontSize: 72, color: token.colorError, marginBottom: token.marginLG }} />
      <Title
        style={{
          margin: `${token.marginXS}px 0`,
          fontSize: token.fontSizeHeading3,
          lineHeight: token.lineHeightHeading3,
          fontWeight: 'normal',
          color: token.colorTextHeading,
        }}
      >
        {title}
      </Title>
      <div style={{ fontSize: token.fontSize, lineHeight: token.lineHeight, color: token.colorTextDescription }}>{subTitle}</div>
      <div style={{ marginTop: token.marginLG }}>{extra}</div>
    </Flex>
  );
}
