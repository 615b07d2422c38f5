import { CloseCircleFilled } from '@ant-design/icons';
import { Flex } from 'antd';
import type { ReactNode } from 'react';
import './shell.css';

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
  const Title = heading ? 'h1' : 'div';
  return (
    <Flex vertical align="center" className="shell-error-status">
      <CloseCircleFilled aria-hidden className="shell-error-icon" />
      <Title className="shell-error-title">{title}</Title>
      <div className="shell-error-subtitle">{subTitle}</div>
      <div className="shell-error-extra">{extra}</div>
    </Flex>
  );
}
