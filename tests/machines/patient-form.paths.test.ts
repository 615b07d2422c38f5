import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { patientFormMachine, type UpdatePatientInput } from '../../src/machines/patients/patient-form.machine';
import { selectPatientForm } from '../../src/machines/patients/patient-form.selectors';
import { ErrorText } from '../../src/model/messages';
import type { Patient, PatientRequest } from '../../src/model/patients/patient';
import { EMPTY_PATIENT_FORM, type PatientFormRequest } from '../../src/model/patients/patient-form';
import { PatientMessageText } from '../../src/model/patients/patient-texts';
import { ApiError } from '../../src/services/http/api-error';
import { notify } from '../../src/services/platform/notify';
import { describePaths, recordTransitions } from '../support/path-tests';

const patient: Patient = {
  id: 14,
  uid: 'p-uid-14',
  name: 'Mary Ann Smith',
  firstName: 'Mary Ann',
  lastName: 'Smith',
  email: 'mary@mail.example',
  phone: '(312) 555-0101',
  dateOfBirth: '1984-05-12T00:00:00.000Z',
  address: { street: '12 Elm Street', city: 'Chicago', state: 'IL', postalCode: '60611', country: 'US' },
  kits: [],
  researchConsent: false,
  rejuvenationOlympics: false,
};

const valid: PatientFormRequest = {
  firstName: ' Ada ',
  lastName: 'Quinn',
  email: '',
  phone: '(312) 555-0110',
  dateOfBirth: '',
  address: { addressLine1: '', addressLine2: '', city: '', state: '', zipCode: '', country: undefined },
};
/** Kits §5: no phone, and an address begun without its city. */
const invalid: PatientFormRequest = {
  ...valid,
  phone: ' ',
  address: { addressLine1: '1 Main St', addressLine2: '', city: '', state: '', zipCode: '1', country: 'US' },
};
const sent: PatientRequest = {
  firstName: 'Ada',
  lastName: 'Quinn',
  name: 'Ada Quinn',
  email: null,
  phone: '(312) 555-0110',
  dateOfBirth: null,
  address: null,
};

const done: string[] = [];
const effects = {
  notifySaved: vi.fn(
    ({ context }: { context: { mode: string } }) =>
      void done.push(`success ${context.mode === 'create' ? PatientMessageText.created : PatientMessageText.updated}`),
  ),
  notifyFailed: vi.fn(({ context }: { context: { error: string | null } }) => void done.push(`error ${context.error}`)),
  refreshPatients: vi.fn(() => void done.push('refreshPatients')),
};

beforeEach(() => {
  done.length = 0;
  vi.clearAllMocks();
});

const taken = new ApiError('A patient with this email already exists', 'http', 409);

const suite = describePaths(patientFormMachine, {
  name: 'the patient form (issue 40, kits §5, §7, §8): add or edit in a dialog, only valid requests sent',
  events: {
    'patient.edit': [{ type: 'patient.edit', patient }],
    'patient.submit': [
      { type: 'patient.submit', request: valid },
      { type: 'patient.submit', request: invalid },
    ],
  },
  invokes: { createPatient: { errors: [taken, new Error('socket hang up')] }, updatePatient: { errors: [new Error('socket hang up')] } },
  provide: { actions: effects },
  check: { context: true, tags: true },
  strategy: 'transitions',
  afterPath: ({ snapshot, invocations, path }) => {
    for (const { input } of invocations) {
      if ('key' in (input as object)) expect(input).toEqual({ key: 'p-uid-14', patient: sent } satisfies UpdatePatientInput);
      else expect(input).toEqual(sent);
    }
    const saves = path.steps.filter(({ event }) => event.type.startsWith('xstate.done.actor.')).length;
    expect(done.filter((effect) => effect === 'refreshPatients')).toHaveLength(saves);
    const view = selectPatientForm(snapshot);
    expect(view.canOpen).toBe(!view.open);
  },
});

describe('the patient form, step by step', () => {
  const inspect = recordTransitions();

  it('the generated paths walked every transition they planned', () => {
    const recorded = suite.recorded();
    expect([...suite.plannedKeys].filter((key) => !recorded.has(key))).toEqual([]);
  });

  it('"Edit" opens with the record: its names as stored, the street on the first line, the date of birth', () => {
    const actor = createActor(patientFormMachine, { inspect }).start();
    actor.send({ type: 'patient.edit', patient });
    expect(selectPatientForm(actor.getSnapshot()).values).toEqual({
      firstName: 'Mary Ann',
      lastName: 'Smith',
      email: 'mary@mail.example',
      phone: '(312) 555-0101',
      dateOfBirth: '1984-05-12',
      address: { addressLine1: '12 Elm Street', addressLine2: '', city: 'Chicago', state: 'IL', zipCode: '60611', country: 'US' },
    });
    actor.send({ type: 'patient.cancel' });
    actor.send({ type: 'patient.add' });
    expect(selectPatientForm(actor.getSnapshot())).toMatchObject({ mode: 'create', values: EMPTY_PATIENT_FORM, open: true });
  });

  it('a failed create keeps the dialog open and says the fallback "Failed to create patient"; an update the server error', async () => {
    const shown: string[] = [];
    const stop = notify.subscribe((toast) => shown.push(`${toast.kind}: ${toast.text}`));
    const fail = () => Promise.reject(new Error('socket hang up'));
    const actor = createActor(
      patientFormMachine.provide({
        actors: { createPatient: fromPromise<void, PatientRequest>(fail), updatePatient: fromPromise<void, UpdatePatientInput>(fail) },
      }),
      { inspect },
    ).start();
    actor.send({ type: 'patient.add' });
    actor.send({ type: 'patient.submit', request: valid });
    await vi.waitFor(() => expect(shown).toEqual([`error: ${PatientMessageText.createFailed}`]));
    expect(selectPatientForm(actor.getSnapshot())).toMatchObject({ open: true, busy: false, error: PatientMessageText.createFailed });
    actor.send({ type: 'patient.cancel' });
    actor.send({ type: 'patient.edit', patient });
    actor.send({ type: 'patient.submit', request: valid });
    await vi.waitFor(() => expect(shown).toHaveLength(2));
    expect(shown[1]).toBe(`error: ${ErrorText.server}`);
    stop();
  });

  it('a save says "Patient created successfully." and closes the dialog', async () => {
    const shown: string[] = [];
    const stop = notify.subscribe((toast) => shown.push(`${toast.kind}: ${toast.text}`));
    const create = vi.fn((_: { input: PatientRequest }) => Promise.resolve());
    const actor = createActor(
      patientFormMachine.provide({ actors: { createPatient: fromPromise(create) }, actions: { refreshPatients: effects.refreshPatients } }),
      { inspect },
    ).start();
    actor.send({ type: 'patient.add' });
    actor.send({ type: 'patient.submit', request: invalid });
    expect(create).not.toHaveBeenCalled();
    actor.send({ type: 'patient.submit', request: valid });
    await vi.waitFor(() => expect(selectPatientForm(actor.getSnapshot()).open).toBe(false));
    expect(create.mock.calls[0]?.[0].input).toEqual(sent);
    expect(shown).toEqual([`success: ${PatientMessageText.created}`]);
    stop();
  });
});
