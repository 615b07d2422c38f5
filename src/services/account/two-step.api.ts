import {
  RecoveryCodesSchema,
  TwoStepCodeRequestSchema,
  TwoStepEnrolmentSchema,
  TwoStepStatusSchema,
  TwoStepTurnOffRequestSchema,
  type RecoveryCodes,
  type TwoStepEnrolment,
  type TwoStepStatus,
  type TwoStepTurnOffRequest,
} from '../../model/auth/two-step';
import { ApiError } from '../http/api-error';
import { http, type HttpClient } from '../http/http';
import * as v from 'valibot';

interface Call {
  signal?: AbortSignal;
}

/**
 * Issue 44: the signed-in person's own two-step sign-in. This project's extension of the contract: a portalApi that
 * lacks it answers 404, which the status reads as null ("not offered here") so that the account tab can say so.
 */
export function createTwoStepApi(client: HttpClient) {
  return {
    async status(options: Call = {}): Promise<TwoStepStatus | null> {
      try {
        return await client.read(TwoStepStatusSchema, '/Users/Me/TwoStep', { signal: options.signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    begin(options: Call = {}): Promise<TwoStepEnrolment> {
      return client.read(TwoStepEnrolmentSchema, '/Users/Me/TwoStep/Enrolment', { method: 'POST', body: {}, signal: options.signal });
    },
    confirm(code: string, options: Call = {}): Promise<RecoveryCodes> {
      return client.read(RecoveryCodesSchema, '/Users/Me/TwoStep/Confirmation', {
        method: 'POST',
        body: v.parse(TwoStepCodeRequestSchema, { code }),
        signal: options.signal,
      });
    },
    async turnOff(request: TwoStepTurnOffRequest, options: Call = {}): Promise<void> {
      await client.request('/Users/Me/TwoStep/TurnOff', {
        method: 'POST',
        body: v.parse(TwoStepTurnOffRequestSchema, request),
        signal: options.signal,
      });
    },
  };
}

export const twoStepApi = createTwoStepApi(http);
