import { useQuery } from '@tanstack/react-query';
import { Grid } from 'antd';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { settingsTabs } from '../../model/shell/navigation';
import { selectUnitType } from '../../machines/auth/session.selectors';
import { useSession } from '../auth/session';
import { PageTitle } from '../shell/page';
import { Tabs } from '../parts/tabs';
import { practiceQuery } from '../../services/practice/queries';

/** The settings area: its title and the tabs of src/model/shell/navigation, each a route. */
export function SettingsLayout({ children }: { children?: ReactNode }) {
  const [location, navigate] = useLocation();
  const sessionUnitType = useSession(selectUnitType);
  const { data: practice } = useQuery(practiceQuery());
  const unitType = practice?.unitType ?? sessionUnitType ?? 0;
  const tabs = settingsTabs(unitType).map(({ path, label }) => ({ key: path, label }));
  const active = tabs.find((tab) => location === tab.key || location.startsWith(`${tab.key}/`))?.key;
  // Six tabs do not fit across a phone: stacked, every tab stays in view.
  const phone = Grid.useBreakpoint().md === false;
  return (
    <>
      <PageTitle title="Settings" />
      <Tabs activeKey={active} items={tabs} onChange={(key) => navigate(key)} vertical={phone} />
      {children}
    </>
  );
}
