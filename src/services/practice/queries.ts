import { queryOptions } from '@tanstack/react-query';
import { practicesApi } from './practices.api';
import { practiceTwoStepApi } from './two-step.api';

/** The signed-in account's practice: whole for the provider side, its summary for the patient portal. */
export const practiceKeys = {
  practice: ['practice'] as const,
  /** Below the practice's key, so that invalidating the practice refreshes it too. */
  summary: ['practice', 'summary'] as const,
};

export const practiceQuery = () =>
  queryOptions({ queryKey: practiceKeys.practice, queryFn: ({ signal }) => practicesApi.current({ signal }) });

/** The patient portal's view of the practice (name, reports shown to patients, logo). */
export const practiceSummaryQuery = () =>
  queryOptions({ queryKey: practiceKeys.summary, queryFn: ({ signal }) => practicesApi.summary({ signal }) });

/** Issue 44: the practice's two-step requirement, its own key so that the practice's record is not read again. */
export const practiceTwoStepKeys = { setting: ['practice-two-step'] as const };

export const practiceTwoStepQuery = () =>
  queryOptions({ queryKey: practiceTwoStepKeys.setting, queryFn: ({ signal }) => practiceTwoStepApi.get({ signal }) });
