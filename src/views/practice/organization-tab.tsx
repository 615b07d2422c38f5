import { useQuery } from '@tanstack/react-query';
import { Alert, Spin } from 'antd';
import { Suspense } from 'react';
import { PracticeSettingsText } from '../../model/practice/settings-texts';
import { FulfilmentForm } from './organization/fulfilment-form';
import { PracticeForm } from './organization/practice-form';
import './practice.css';
import { practiceQuery } from '../../services/practice/queries';
import { lazyNamed } from '../lazy';

// Below both forms, the two-step requirement (its switch and machine) loads after the page has drawn: the page
// stays within its 300 KB budget (issue 44).
const TwoStepRequirement = lazyNamed(() => import('./organization/two-step-requirement'), 'TwoStepRequirement');

/** The Practice or Institution tab (ordering §2): the practice's details and its fulfilment preference. */
export function OrganizationTab() {
  const practice = useQuery(practiceQuery());
  if (practice.data) {
    return (
      <>
        <PracticeForm key={practice.data.id} practice={practice.data} />
        <FulfilmentForm key={`fulfilment-${practice.data.id}`} practice={practice.data} />
        <Suspense fallback={null}>
          <TwoStepRequirement />
        </Suspense>
      </>
    );
  }
  if (practice.isError) return <Alert type="error" showIcon title={PracticeSettingsText.loadError} />;
  return <Spin />;
}
