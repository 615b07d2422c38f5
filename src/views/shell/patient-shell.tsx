import { useEffect, type ReactNode } from 'react';
import { PATIENT_PORTAL_DEFAULT_THEME } from '../../model/constants';
import { patientMenu } from '../../model/shell/navigation';
import { config } from '../../services/http/config';
import { patientQueryDefaults } from '../../services/http/query-client';
import { useThemeActor } from './theme';
import { PortalLayout } from './portal-layout';

/** The patient portal: its own menu, light as its default theme (kits §9) and its own query defaults (kits §7). */
export function PatientShell({ children }: { children: ReactNode }) {
  const theme = useThemeActor();
  // During render: the pages below create their queries as they render, before any effect of this shell runs.
  patientQueryDefaults.apply();
  useEffect(() => {
    patientQueryDefaults.apply();
    return () => patientQueryDefaults.restore();
  }, []);
  useEffect(() => theme.send({ type: 'theme.setDefault', theme: PATIENT_PORTAL_DEFAULT_THEME }), [theme]);
  return <PortalLayout items={patientMenu(config.kitRegistrationUrl)}>{children}</PortalLayout>;
}
