import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import type { Practice } from '../../model/practice/practice';
import {
  BillingAddressUpdateSchema,
  FulfilmentUpdateSchema,
  InvoiceContactUpdateSchema,
  PracticeUpdateSchema,
  SAVED_BANNER_MS,
  type BillingAddressUpdateInput,
  type FulfilmentUpdate,
  type InvoiceContactUpdateInput,
  type PracticeUpdateInput,
} from '../../model/practice/practice-settings';
import { settingsToastText, type SettingsForm } from '../../model/practice/settings-texts';
import { messageOf } from '../../services/http/api-error';
import { notify } from '../../services/platform/notify';
import { practicesApi } from '../../services/practice/practices.api';
import { queryClient } from '../../services/http/query-client';
import { practiceKeys } from '../../services/practice/queries';

/**
 * One settings form that saves (ordering §2 "Settings", §7, §8): the practice (PUT /Practices), the invoice
 * contact, the billing address and the fulfilment preference (PATCH /Practices/*). Saving ends with the
 * form's §8 toast; a success refreshes the practice everywhere it is shown (the checkout's Net 30 notice
 * reads it too), and the practice form then shows "Changes saved successfully" for 3 s. A failure keeps
 * the form as typed, so the user can correct and save again.
 */

export type SettingsRequest =
  | { form: 'practice'; body: PracticeUpdateInput }
  | { form: 'invoiceContact'; body: InvoiceContactUpdateInput }
  | { form: 'billingAddress'; body: BillingAddressUpdateInput }
  | { form: 'fulfilment'; body: FulfilmentUpdate };

export interface SettingsFormContext {
  form: SettingsForm;
  /** The form's §8 toasts: an institution's practice form says "institution" (kits §8). */
  toasts: { success: string; failure: string };
  /** The last failure's message, until the next save. */
  error: string | null;
}

export type SettingsFormEvent = { type: 'settings.save'; request: SettingsRequest };

const SCHEMAS: Record<SettingsForm, v.GenericSchema> = {
  practice: PracticeUpdateSchema,
  invoiceContact: InvoiceContactUpdateSchema,
  billingAddress: BillingAddressUpdateSchema,
  fulfilment: FulfilmentUpdateSchema,
};

function saveSettings(request: SettingsRequest, signal: AbortSignal): Promise<Practice> {
  switch (request.form) {
    case 'practice':
      return practicesApi.update(request.body, { signal });
    case 'invoiceContact':
      return practicesApi.updateInvoiceContact(request.body, { signal });
    case 'billingAddress':
      return practicesApi.updateBillingAddress(request.body, { signal });
    case 'fulfilment':
      return practicesApi.updateFulfilment(request.body, { signal });
  }
}

const requestOf = ({ event }: { event: SettingsFormEvent }) => ({ request: event.request });

export const settingsFormMachine = setup({
  types: {
    context: {} as SettingsFormContext,
    events: {} as SettingsFormEvent,
    input: {} as { form: SettingsForm; organization?: 'Practice' | 'Institution' },
  },
  actors: {
    save: fromPromise<Practice, SettingsRequest>(({ input, signal }) => saveSettings(input, signal)),
  },
  guards: {
    // The form checks first; this keeps a request the server would refuse, or another form's, from going out.
    validRequest: ({ context }, params: { request: SettingsRequest }) =>
      params.request.form === context.form && v.safeParse(SCHEMAS[params.request.form], params.request.body).success,
    showsSavedBanner: ({ context }) => context.form === 'practice',
  },
  actions: {
    forgetError: assign({ error: null }),
    assignError: assign(({ context }, params: { error: unknown }) => ({
      error: messageOf(params.error, context.toasts.failure),
    })),
    notifySaved: ({ context }) => notify.success(context.toasts.success),
    notifyFailed: ({ context }) => notify.error(context.error ?? context.toasts.failure),
    refreshPractice: () => void queryClient.invalidateQueries({ queryKey: practiceKeys.practice }),
  },
  delays: { savedBanner: SAVED_BANNER_MS },
}).createMachine({
  id: 'settingsForm',
  context: ({ input }) => ({ form: input.form, toasts: settingsToastText(input.form, input.organization ?? 'Practice'), error: null }),
  initial: 'editing',
  states: {
    editing: {
      on: { 'settings.save': { guard: { type: 'validRequest', params: requestOf }, target: 'saving' } },
    },
    saving: {
      tags: ['busy'],
      entry: 'forgetError',
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ event }) => event.request,
        onDone: [
          { guard: 'showsSavedBanner', target: 'saved', actions: ['notifySaved', 'refreshPractice'] },
          { target: 'editing', actions: ['notifySaved', 'refreshPractice'] },
        ],
        onError: {
          target: 'failed',
          actions: [{ type: 'assignError', params: ({ event }) => ({ error: event.error }) }, 'notifyFailed'],
        },
      },
    },
    // Ordering §2: "Changes saved successfully" for 3 seconds; saving again meanwhile is allowed.
    saved: {
      tags: ['saved'],
      after: { savedBanner: 'editing' },
      on: { 'settings.save': { guard: { type: 'validRequest', params: requestOf }, target: 'saving' } },
    },
    failed: {
      tags: ['failed'],
      on: { 'settings.save': { guard: { type: 'validRequest', params: requestOf }, target: 'saving' } },
    },
  },
});
