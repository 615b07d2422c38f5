import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { TwoStepRequirementText } from '../../src/model/auth/two-step-requirement';
import { toStoredSession } from '../../src/model/auth/session';
import { sessionMachine } from '../../src/machines/auth/session.machine';
import { isTwoStepSetupRefusal, watchTwoStepRefusals } from '../../src/machines/auth/two-step-hold';
import { ApiError, apiErrorFromResponse } from '../../src/services/http/api-error';
import { recordTransitions } from '../support/path-tests';
import { sessionUser } from '../support/fixtures/session';

/** Issue 44: the server's two-step refusal, and only it, leads the session to the account tab. */

const refusal = () => apiErrorFromResponse(403, { error: { message: TwoStepRequirementText.setupFirst }, correlationId: 'c-1' });
const otherRefusal = () => apiErrorFromResponse(403, { error: { message: 'You cannot switch to this account' }, correlationId: 'c-2' });

describe('isTwoStepSetupRefusal', () => {
  it('knows the server’s refusal by its status and words, and nothing else', () => {
    expect(isTwoStepSetupRefusal(refusal())).toBe(true);
    expect(isTwoStepSetupRefusal(otherRefusal())).toBe(false);
    expect(isTwoStepSetupRefusal(apiErrorFromResponse(400, { error: { message: TwoStepRequirementText.setupFirst } }))).toBe(false);
    expect(isTwoStepSetupRefusal(new ApiError(TwoStepRequirementText.setupFirst, 'http', 403))).toBe(false);
    expect(isTwoStepSetupRefusal(new Error(TwoStepRequirementText.setupFirst))).toBe(false);
  });
});

describe('watchTwoStepRefusals', () => {
  const inspect = recordTransitions();
  const effects = { notifyTwoStepRequired: vi.fn(), goToTwoStepSetup: vi.fn() };
  afterEach(() => vi.clearAllMocks());

  function start() {
    const session = createActor(sessionMachine.provide({ actions: effects }), {
      input: { stored: { session: toStoredSession(sessionUser()), remember: false } },
      inspect,
    }).start();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    const stop = watchTwoStepRefusals(client, session);
    return { session, client, stop };
  }

  it('tells the session once per refusal of a query or a mutation; the toast comes only once', async () => {
    const { session, client, stop } = start();
    await client.fetchQuery({ queryKey: ['kits'], queryFn: () => Promise.reject(refusal()) }).catch(() => undefined);
    expect(session.getSnapshot().matches({ authenticated: 'heldBack' })).toBe(true);
    expect(effects.notifyTwoStepRequired).toHaveBeenCalledOnce();
    expect(effects.goToTwoStepSetup).toHaveBeenCalledOnce();
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(refusal()) })
      .execute(undefined)
      .catch(() => undefined);
    expect(effects.goToTwoStepSetup).toHaveBeenCalledTimes(2);
    expect(effects.notifyTwoStepRequired).toHaveBeenCalledOnce();
    stop();
  });

  it('finds a refusal answered before it started', async () => {
    const session = createActor(sessionMachine.provide({ actions: effects }), {
      input: { stored: { session: toStoredSession(sessionUser()), remember: false } },
      inspect,
    }).start();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await client.fetchQuery({ queryKey: ['kits'], queryFn: () => Promise.reject(refusal()) }).catch(() => undefined);
    expect(session.getSnapshot().matches({ authenticated: 'active' })).toBe(true);
    watchTwoStepRefusals(client, session)();
    expect(session.getSnapshot().matches({ authenticated: 'heldBack' })).toBe(true);
    expect(effects.goToTwoStepSetup).toHaveBeenCalledOnce();
  });

  it('leaves every other failure to the page, and stops listening when asked', async () => {
    const { session, client, stop } = start();
    await client.fetchQuery({ queryKey: ['kits'], queryFn: () => Promise.reject(otherRefusal()) }).catch(() => undefined);
    expect(session.getSnapshot().matches({ authenticated: 'active' })).toBe(true);
    stop();
    await client.fetchQuery({ queryKey: ['orders'], queryFn: () => Promise.reject(refusal()) }).catch(() => undefined);
    expect(session.getSnapshot().matches({ authenticated: 'active' })).toBe(true);
    expect(effects.goToTwoStepSetup).not.toHaveBeenCalled();
  });
});
