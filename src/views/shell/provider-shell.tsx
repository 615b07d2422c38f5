import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { providerMenu } from '../../model/shell/navigation';
import { orderingConfiguration } from '../../model/orders/ordering';
import { selectUnitType } from '../../machines/auth/session.selectors';
import { config } from '../../services/http/config';
import { CartProvider } from '../orders/cart-provider';
import { useSession } from '../auth/session';
import { useTwoStepHold } from '../auth/use-two-step-hold';
import { PortalLayout } from './portal-layout';
import { practiceQuery } from '../../services/practice/queries';

/** The provider portal: its menu follows the unit type and the practice's ordering configuration. */
export function ProviderShell({ children }: { children: ReactNode }) {
  const unitType = useSession(selectUnitType);
  const practice = useQuery(practiceQuery());
  useTwoStepHold();
  const items =
    practice.isPending || unitType === null
      ? null
      : providerMenu(unitType, orderingConfiguration(practice.data).orderingExperience, config.kitRegistrationUrl);
  // The cart outlives a page: the catalogue, checkout and success pages share one (ordering §3).
  return (
    <PortalLayout items={items}>
      <CartProvider>{children}</CartProvider>
    </PortalLayout>
  );
}
