import { useQuery } from '@tanstack/react-query';
import { Alert, Spin } from 'antd';
import { PracticeSettingsText } from '../../model/practice/settings-texts';
import { FulfilmentForm } from './organization/fulfilment-form';
import { PracticeForm } from './organization/practice-form';
import { TwoStepRequirement } from './organization/two-step-requirement';
import './practice.css';
import { practiceQuery } from '../../services/practice/queries';

/** The Practice or Institution tab (ordering §2): the practice's details and its fulfilment preference. */
export function OrganizationTab() {
  const practice = useQuery(practiceQuery());
  if (practice.data) {
    return (
      <>
        <PracticeForm key={practice.data.id} practice={practice.data} />
        <FulfilmentForm key={`fulfilment-${practice.data.id}`} practice={practice.data} />
        <TwoStepRequirement />
      </>
    );
  }
  if (practice.isError) return <Alert type="error" showIcon title={PracticeSettingsText.loadError} />;
  return <Spin />;
}
