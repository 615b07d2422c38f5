import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Spin } from 'antd';
import type { ReactNode } from 'react';
import { ErrorText } from '../../../model/messages';
import type { PatientProfile } from '../../../model/account/patient-profile';
import { messageOf } from '../../../services/http/api-error';

/** A tab that needs the patient's record: a spinner while it loads, the failure's message, else the tab. */
export function ProfileLoaded({
  query,
  children,
}: {
  query: UseQueryResult<PatientProfile>;
  children: (profile: PatientProfile) => ReactNode;
}) {
  if (query.data) return children(query.data);
  if (query.isError) return <Alert type="error" showIcon title={messageOf(query.error, ErrorText.server)} />;
  return <Spin />;
}
