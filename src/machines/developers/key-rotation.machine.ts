import * as v from 'valibot';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { ReauthRequestSchema } from '../../model/developers/webhook-console';
import { KeyRotationText, WebhookConsoleFailureText } from '../../model/developers/webhook-console-texts';
import { messageOf } from '../../services/http/api-error';
import { queryClient } from '../../services/http/query-client';
import { webhookKeys } from '../../services/developers/queries';
import { isMissingCall, webhookConsoleApi } from '../../services/developers/webhook-console.api';
import { notify } from '../../services/platform/notify';

/**
 * "Rotate secret" and "Regenerate API key" on /integrations (issue 44 item 3). Each opens a confirmation that names
 * its consequence and asks for the person's password; only a password that passes the model's rule is sent, and it
 * is never kept here (the request's input carries it from the submit). Success closes the dialog, toasts and
 * invalidates the secret or the key, so the field shows the new one, masked; a failure keeps the dialog, as typed,
 * with the server's message (a wrong password), or says the call is not available on a service without it (404).
 */

export type KeyRotationEvent =
  | { type: 'rotation.rotateSecret' }
  | { type: 'rotation.regenerateKey' }
  | { type: 'rotation.cancel' }
  | { type: 'rotation.submit'; password: string };

export interface KeyRotationContext {
  /** The last attempt's failure, until the next submit or the dialog closes. */
  error: string | null;
}

const passwordOf = ({ event }: { event: KeyRotationEvent }) => {
  assertEvent(event, 'rotation.submit');
  return { password: event.password };
};

const submit = (target: string) =>
  ({
    guard: { type: 'validPassword', params: ({ event }: { event: { password: string } }) => ({ password: event.password }) },
    target,
    actions: 'clearError',
  }) as const;

/** The failure's text: not available on a service without the call, else the server's words or the fallback. */
function failureText(error: unknown, missing: string, fallback: string): string {
  return isMissingCall(error) ? missing : messageOf(error, fallback);
}

export const keyRotationMachine = setup({
  types: {
    context: {} as KeyRotationContext,
    events: {} as KeyRotationEvent,
  },
  actors: {
    rotateSecret: fromPromise<unknown, { password: string }>(({ input, signal }) => webhookConsoleApi.rotateSecret(input, { signal })),
    regenerateKey: fromPromise<unknown, { password: string }>(({ input, signal }) => webhookConsoleApi.regenerateApiKey(input, { signal })),
  },
  guards: {
    validPassword: (_, params: { password: string }) => v.is(ReauthRequestSchema, params),
  },
  actions: {
    clearError: assign({ error: null }),
    assignRotateError: assign((_, params: { error: unknown }) => ({
      error: failureText(params.error, KeyRotationText.rotateNotAvailable, WebhookConsoleFailureText.rotate),
    })),
    assignRegenerateError: assign((_, params: { error: unknown }) => ({
      error: failureText(params.error, KeyRotationText.regenerateNotAvailable, WebhookConsoleFailureText.regenerate),
    })),
    notifyRotated: () => notify.success(KeyRotationText.rotated),
    notifyRegenerated: () => notify.success(KeyRotationText.regenerated),
    refreshSecret: () => void queryClient.invalidateQueries({ queryKey: webhookKeys.secret }),
    refreshApiKey: () => void queryClient.invalidateQueries({ queryKey: webhookKeys.tokenSchema }),
  },
}).createMachine({
  id: 'keyRotation',
  context: { error: null },
  initial: 'idle',
  states: {
    idle: {
      entry: 'clearError',
      on: { 'rotation.rotateSecret': 'confirmingSecret', 'rotation.regenerateKey': 'confirmingKey' },
    },
    confirmingSecret: {
      tags: ['open', 'secret'],
      on: { 'rotation.cancel': 'idle', 'rotation.submit': submit('rotatingSecret') },
    },
    rotatingSecret: {
      tags: ['open', 'secret', 'submitting'],
      invoke: {
        id: 'rotateSecret',
        src: 'rotateSecret',
        input: passwordOf,
        onDone: { target: 'idle', actions: ['notifyRotated', 'refreshSecret'] },
        onError: { target: 'confirmingSecret', actions: { type: 'assignRotateError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    confirmingKey: {
      tags: ['open', 'apiKey'],
      on: { 'rotation.cancel': 'idle', 'rotation.submit': submit('regeneratingKey') },
    },
    regeneratingKey: {
      tags: ['open', 'apiKey', 'submitting'],
      invoke: {
        id: 'regenerateKey',
        src: 'regenerateKey',
        input: passwordOf,
        onDone: { target: 'idle', actions: ['notifyRegenerated', 'refreshApiKey'] },
        onError: {
          target: 'confirmingKey',
          actions: { type: 'assignRegenerateError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});
