import { useQuery } from '@tanstack/react-query';
import { orderingConfiguration } from '../../model/orders/ordering';
import { practiceQuery } from '../../services/practice/queries';

/** Ordering §1 and §6: prices are shown only to HCP; until the practice is known, they stay hidden. */
export function useShowPricing(): boolean {
  const practice = useQuery(practiceQuery());
  return orderingConfiguration(practice.data).showingPricing;
}
