import { useEffect, type ReactNode } from 'react';
import { PATIENT_PORTAL_DEFAULT_THEME } from '../../model/constants';
import { patientMenu } from '../../model/navigation';
import { config } from '../../services/config';
import { useThemeActor } from '../theme';
import { PortalLayout } from './portal-layout';

/** The patient portal: its own menu, and light as its default theme (kits §9). */
export function PatientShell({ children }: { children: ReactNode }) {
  const theme = useThemeActor();
  useEffect(() => theme.send({ type: 'theme.setDefault', theme: PATIENT_PORTAL_DEFAULT_THEME }), [theme]);
  return <PortalLayout items={patientMenu(config.kitRegistrationUrl)}>{children}</PortalLayout>;
}
