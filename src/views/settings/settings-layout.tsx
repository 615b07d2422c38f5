import { useQuery } from '@tanstack/react-query';
import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { organizationLabel, showsWhiteLabelReports } from '../../model/navigation';
import { selectUnitType } from '../../machines/session.selectors';
import { practiceQuery } from '../../services/queries';
import { useSession } from '../session';
import { PageTitle } from '../shell/page';

/** The settings tabs are routes (contract decisions); White Label Reports only for the healthcare-practice type. */
export function SettingsLayout({ children }: { children?: ReactNode }) {
  const [location, navigate] = useLocation();
  const sessionUnitType = useSession(selectUnitType);
  const { data: practice } = useQuery(practiceQuery());
  const unitType = practice?.unitType ?? sessionUnitType ?? 0;
  const tabs = [
    { key: '/settings/account', label: 'Account' },
    { key: '/settings/organization', label: organizationLabel(unitType) },
    { key: '/settings/billing', label: 'Billing' },
    { key: '/settings/team', label: 'Team' },
    ...(showsWhiteLabelReports(unitType) ? [{ key: '/settings/reports', label: 'White Label Reports' }] : []),
  ];
  const active = tabs.find((tab) => location === tab.key || location.startsWith(`${tab.key}/`))?.key;
  return (
    <>
      <PageTitle title="Settings" />
      <Tabs activeKey={active} items={tabs} onChange={(key) => navigate(key)} />
      {children}
    </>
  );
}
