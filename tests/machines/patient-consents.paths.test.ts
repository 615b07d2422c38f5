import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  patientConsentsMachine,
  type PatientConsentName,
  type PatientConsentsEvent,
  type SavePatientConsentsInput,
} from '../../src/machines/patients/patient-consents.machine';
import { selectPatientConsents } from '../../src/machines/patients/patient-consents.selectors';
import type { Patient, PatientConsents } from '../../src/model/patients/patient';
import { PatientMessageText } from '../../src/model/patients/patient-texts';
import { ApiError } from '../../src/services/http/api-error';
import { notify } from '../../src/services/platform/notify';
import { describePaths, recordTransitions } from '../support/path-tests';

const patient: Patient = {
  id: 14,
  uid: 'p-uid-14',
  name: 'Ada Quinn',
  firstName: 'Ada',
  lastName: 'Quinn',
  email: null,
  phone: null,
  dateOfBirth: null,
  address: null,
  kits: [],
  researchConsent: false,
  rejuvenationOlympics: true,
};
/** A service that sends only kits §3's fields: no uid, no consents (read as off). */
const lenient: Patient = { ...patient, uid: null, researchConsent: false, rejuvenationOlympics: false };

const done: string[] = [];
const effects = {
  notifySaved: vi.fn(() => void done.push(`success ${PatientMessageText.consentsUpdated}`)),
  notifyFailed: vi.fn(
    (_: unknown, params: { error: unknown }) =>
      void done.push(`error ${params.error instanceof ApiError ? params.error.message : PatientMessageText.consentsFailed}`),
  ),
  refreshPatient: vi.fn(() => void done.push('refreshPatient')),
};

beforeEach(() => {
  done.length = 0;
  vi.clearAllMocks();
});

const flip = (consent: PatientConsentName) => (snapshot: { context: PatientConsents }) => [
  { type: 'consents.change' as const, consent, value: !snapshot.context[consent] },
  // The switch already shows this value: nothing to save.
  { type: 'consents.change' as const, consent, value: snapshot.context[consent] },
];

const suite = describePaths(patientConsentsMachine, {
  name: 'a patient’s consent switches (issue 40, kits §4, §7, §8): optimistic, reverted on failure, one save at a time',
  input: { patient },
  events: {
    'consents.load': [{ type: 'consents.load', patient: lenient }],
    'consents.change': (snapshot) =>
      [...flip('researchConsent')(snapshot), ...flip('rejuvenationOlympics')(snapshot)] satisfies PatientConsentsEvent[],
  },
  invokes: { saveConsents: { errors: [new ApiError('Patient not found', 'http', 404), new Error('socket hang up')] } },
  provide: { actions: effects },
  check: { context: true, tags: true },
  strategy: 'transitions',
  afterPath: ({ snapshot, invocations }) => {
    for (const { input } of invocations) {
      const save = input as SavePatientConsentsInput;
      expect(['p-uid-14', '14']).toContain(save.key);
      expect(Object.keys(save.consents)).toEqual(['researchConsent', 'rejuvenationOlympics']);
    }
    expect(selectPatientConsents(snapshot).canChange).toBe(!snapshot.hasTag('busy'));
  },
});

describe('a patient’s consent switches, step by step', () => {
  const inspect = recordTransitions();

  it('the generated paths walked every transition they planned', () => {
    const recorded = suite.recorded();
    expect([...suite.plannedKeys].filter((key) => !recorded.has(key))).toEqual([]);
  });

  it('a switch applies at once, saves the pair by uid and says "Consents updated successfully."', async () => {
    const shown: string[] = [];
    const stop = notify.subscribe((toast) => shown.push(`${toast.kind}: ${toast.text}`));
    let answer: () => void = () => undefined;
    const save = vi.fn((_: { input: SavePatientConsentsInput }) => new Promise<void>((resolve) => (answer = resolve)));
    const actor = createActor(
      patientConsentsMachine.provide({ actors: { saveConsents: fromPromise(save) }, actions: { refreshPatient: effects.refreshPatient } }),
      { input: { patient }, inspect },
    ).start();
    actor.send({ type: 'consents.change', consent: 'researchConsent', value: true });
    actor.send({ type: 'consents.change', consent: 'rejuvenationOlympics', value: false });
    expect(selectPatientConsents(actor.getSnapshot())).toEqual({
      researchConsent: true,
      rejuvenationOlympics: true,
      pending: 'researchConsent',
      canChange: false,
    });
    expect(save.mock.calls[0]?.[0].input).toEqual({ key: 'p-uid-14', consents: { researchConsent: true, rejuvenationOlympics: true } });
    answer();
    await vi.waitFor(() => expect(shown).toEqual([`success: ${PatientMessageText.consentsUpdated}`]));
    expect(done).toEqual(['refreshPatient']);
    stop();
  });

  it('a failure turns the switch back and says "Failed to update consents" when the server says nothing', async () => {
    const shown: string[] = [];
    const stop = notify.subscribe((toast) => shown.push(`${toast.kind}: ${toast.text}`));
    const actor = createActor(
      patientConsentsMachine.provide({ actors: { saveConsents: fromPromise(() => Promise.reject(new Error('socket hang up'))) } }),
      { input: { patient: lenient }, inspect },
    ).start();
    actor.send({ type: 'consents.change', consent: 'rejuvenationOlympics', value: true });
    await vi.waitFor(() => expect(shown).toEqual([`error: ${PatientMessageText.consentsFailed}`]));
    expect(selectPatientConsents(actor.getSnapshot())).toMatchObject({ rejuvenationOlympics: false, pending: null, canChange: true });
    stop();
  });
});
