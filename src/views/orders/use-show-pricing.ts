import { useQuery } from '@tanstack/react-query';
import { isHcp } from '../../model/auth/roles';
import { orderingConfiguration } from '../../model/orders/ordering';
import { selectUnitType } from '../../machines/auth/session.selectors';
import { practiceQuery } from '../../services/practice/queries';
import { useSession } from '../auth/session';

/**
 * Ordering §1 and §6: prices are shown only to HCP. Until the practice arrives, the session's unit type (the same
 * account's) decides, so that the prices and their notice do not appear late and push the catalogue down on a phone;
 * a practice that fails to load shows none.
 */
export function useShowPricing(): boolean {
  const practice = useQuery(practiceQuery());
  const unitType = useSession(selectUnitType);
  if (practice.isPending) return isHcp(unitType);
  return orderingConfiguration(practice.data).showingPricing;
}
