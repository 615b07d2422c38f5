import { Spin, type TabsProps } from 'antd';
import { Suspense, type ReactNode } from 'react';

type TabItem = NonNullable<TabsProps['items']>[number];

/**
 * A tab whose content's code loads when the tab is first shown (antd's Tabs draws no tab before that), fetched as the
 * pointer reaches its label so that it is usually there by the click. The account pages open on the profile.
 */
export function lazyTab(key: string, label: string, load: () => Promise<unknown>, content: ReactNode): TabItem {
  return {
    key,
    label: <span onPointerEnter={() => void load()}>{label}</span>,
    children: <Suspense fallback={<Spin />}>{content}</Suspense>,
  };
}
