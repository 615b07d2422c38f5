import { useQuery } from '@tanstack/react-query';
import { Spin } from 'antd';
import { selectUnitType } from '../../machines/auth/session.selectors';
import { showsWhiteLabelReports } from '../../model/shell/navigation';
import { useSession } from '../auth/session';
import { NotFoundView } from '../shell/not-found.view';
import { WhiteLabelForm } from './white-label/white-label-form';
import { PracticeLoadError } from '../parts/practice-load-error';
import { practiceQuery } from '../../services/practice/queries';

/**
 * The White Label Reports tab (ordering §2, §6): only the healthcare-practice unit type has it; anyone
 * else reaching /settings/reports finds no such page, as for any path that names none.
 */
export function WhiteLabelTab() {
  const sessionUnitType = useSession(selectUnitType);
  const practice = useQuery(practiceQuery());
  const unitType = practice.data?.unitType ?? sessionUnitType;
  if (unitType !== null && !showsWhiteLabelReports(unitType)) return <NotFoundView />;
  if (practice.isError) {
    return <PracticeLoadError error={practice.error} />;
  }
  if (!practice.data) return <Spin />;
  return <WhiteLabelForm key={practice.data.id} logoUrl={practice.data.whiteLabel?.logoUrl ?? null} />;
}
