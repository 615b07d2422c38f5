import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { patientProfileMachine, type PatientProfileEvent } from '../../src/machines/account/patient-profile.machine';
import { selectPatientProfile } from '../../src/machines/account/patient-profile.selectors';
import type { PatientProfileRequest } from '../../src/model/account/patient-profile';
import { PatientProfileFormText } from '../../src/model/account/patient-account-texts';
import { ApiError } from '../../src/services/http/api-error';
import { notify } from '../../src/services/platform/notify';
import { describePaths, recordTransitions } from '../support/path-tests';

/** The form as typed (spaces and the read-only email included) and what PUT /Patients/Me is sent for it. */
const riverside = {
  firstName: ' Isla ',
  lastName: 'Jensen',
  phone: '(951) 555-0142',
  email: 'isla@example.test',
  address: { addressLine1: '12 River Rd', addressLine2: '', city: 'Riverside', state: 'CA', zipCode: '92501', country: 'US' },
} satisfies PatientProfileRequest & { email: string };
const riversideBody = {
  firstName: 'Isla',
  lastName: 'Jensen',
  phone: '(951) 555-0142',
  address: { addressLine1: '12 River Rd', addressLine2: null, city: 'Riverside', state: 'CA', zipCode: '92501', country: 'US' },
};
/** Abroad: no state is kept, the apartment line is. */
const munich: PatientProfileRequest = {
  firstName: 'Isla',
  lastName: 'Jensen',
  phone: '+49 89 123456',
  address: { addressLine1: '1 Marienplatz', addressLine2: 'Apt 3', city: 'Munich', state: 'BY', zipCode: '80331', country: 'DE' },
};
const munichBody = {
  ...munich,
  address: { addressLine1: '1 Marienplatz', addressLine2: 'Apt 3', city: 'Munich', state: null, zipCode: '80331', country: 'DE' },
};
/** Kits §5: refused by the schema, so never sent. */
const blankPhone: PatientProfileRequest = { ...munich, phone: ' ' };
const noCity: PatientProfileRequest = { ...riverside, address: { ...riverside.address, city: '' } };

const save = (request: PatientProfileRequest): PatientProfileEvent => ({ type: 'profile.save', request });
const serverRefusal = 'Phone is required (Correlation ID: c-5)';

const done: string[] = [];
const effects = {
  notifySaved: vi.fn(() => void done.push(`saved ${PatientProfileFormText.saved}`)),
  refreshProfile: vi.fn(() => void done.push('refreshProfile')),
};

beforeEach(() => {
  done.length = 0;
  vi.clearAllMocks();
});

const suite = describePaths(patientProfileMachine, {
  name: 'the patient’s profile (kits §2 tab 0, §5, §8): PUT /Patients/Me when valid, "Changes saved successfully!", a general submit error',
  events: { 'profile.save': [riverside, munich, blankPhone, noCity].map(save) },
  invokes: { save: { errors: [new ApiError(serverRefusal, 'http', 400, 'c-5'), new Error('socket hang up')] } },
  provide: { actions: effects },
  check: { context: true, tags: true },
  afterPath: ({ snapshot, invocations, path }) => {
    // Only what kits §5 allows is sent, exactly as the schema makes it: never the email.
    for (const { input } of invocations) expect([riversideBody, munichBody]).toContainEqual(input);
    const expected = path.steps.flatMap(({ event }) =>
      event.type === 'xstate.done.actor.save' ? [`saved ${PatientProfileFormText.saved}`, 'refreshProfile'] : [],
    );
    expect(done).toEqual(expected);
    const view = selectPatientProfile(snapshot);
    expect(view.busy).toBe(snapshot.matches('saving'));
    const last = path.steps.at(-1)?.event;
    if (snapshot.matches('failed')) {
      // Kits §8: the server's message, else "Failed to update profile".
      expect(view.error).toBe(last && 'error' in last && last.error instanceof ApiError ? serverRefusal : PatientProfileFormText.failed);
    } else expect(view.error).toBeNull();
  },
});

describe('saving the patient’s profile', () => {
  const inspect = recordTransitions();

  it('the generated paths walked every transition they planned', () => {
    const recorded = suite.recorded();
    expect([...suite.plannedKeys].filter((key) => !recorded.has(key))).toEqual([]);
  });

  it('a failure is the form’s error, not a toast, and the next save starts without it; success toasts once', async () => {
    const shown: string[] = [];
    const stop = notify.subscribe((toast) => shown.push(`${toast.kind}: ${toast.text}`));
    let attempt = 0;
    const logic = patientProfileMachine.provide({
      actors: { save: fromPromise(() => (attempt++ === 0 ? Promise.reject(new Error('socket hang up')) : Promise.resolve())) },
      actions: { refreshProfile: () => undefined },
    });
    const actor = createActor(logic, { inspect }).start();
    actor.send(save(riverside));
    await vi.waitFor(() => expect(selectPatientProfile(actor.getSnapshot()).error).toBe(PatientProfileFormText.failed));
    expect(shown).toEqual([]);
    actor.send(save(noCity));
    expect(selectPatientProfile(actor.getSnapshot())).toEqual({ busy: false, error: PatientProfileFormText.failed });
    actor.send(save(riverside));
    expect(selectPatientProfile(actor.getSnapshot())).toEqual({ busy: true, error: null });
    await vi.waitFor(() => expect(selectPatientProfile(actor.getSnapshot()).busy).toBe(false));
    expect(shown).toEqual([`success: ${PatientProfileFormText.saved}`]);
    stop();
  });
});
