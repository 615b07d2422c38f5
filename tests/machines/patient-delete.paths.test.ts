import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { patientDeleteMachine } from '../../src/machines/patients/patient-delete.machine';
import { selectPatientDelete } from '../../src/machines/patients/patient-delete.selectors';
import { PatientMessageText } from '../../src/model/patients/patient-texts';
import { ApiError } from '../../src/services/http/api-error';
import { describePaths, recordTransitions } from '../support/path-tests';

const notFound = new ApiError(PatientMessageText.notFound, 'http', 404);

/** The effects in the order the machine asked for them, per path. */
const done: string[] = [];
const effects = {
  notifyDeleted: vi.fn(() => void done.push(`success ${PatientMessageText.deleted}`)),
  notifyDeleteFailed: vi.fn(
    (_: unknown, params: { error: unknown }) =>
      void done.push(`error ${params.error instanceof ApiError ? params.error.message : PatientMessageText.deleteFailed}`),
  ),
  goToPatients: vi.fn(() => void done.push('goToPatients')),
  refreshPatients: vi.fn(() => void done.push('refreshPatients')),
};

beforeEach(() => {
  done.length = 0;
  vi.clearAllMocks();
});

const suite = describePaths(patientDeleteMachine, {
  name: 'deleting a patient (issue 40, kits §7, §8): the question, DELETE /Patients/{id}, back to /patients',
  events: { 'patient.delete': [{ type: 'patient.delete', key: 'p-uid-7' }] },
  invokes: { deletePatient: { errors: [notFound, new Error('socket hang up')] } },
  provide: { actions: effects },
  check: { context: true, tags: true },
  afterPath: ({ snapshot, invocations, path }) => {
    const expected = path.steps.flatMap(({ event }) => {
      if (event.type === 'xstate.done.actor.deletePatient')
        return [`success ${PatientMessageText.deleted}`, 'goToPatients', 'refreshPatients'];
      if (event.type === 'xstate.error.actor.deletePatient') {
        const error = (event as { error?: unknown }).error;
        return [`error ${error instanceof ApiError ? error.message : PatientMessageText.deleteFailed}`];
      }
      return [];
    });
    expect(done).toEqual(expected);
    // Only after Delete was confirmed, and only the patient asked about.
    for (const { input } of invocations) expect(input).toEqual({ key: 'p-uid-7' });
    expect(invocations.length).toBe(path.steps.filter((step) => step.event.type === 'patient.confirmDelete').length);
    const view = selectPatientDelete(snapshot);
    expect(view.canDelete).toBe(!view.confirming && snapshot.status === 'active');
  },
});

describe('deleting a patient, step by step', () => {
  const inspect = recordTransitions();

  it('the generated paths walked every transition they planned', () => {
    const recorded = suite.recorded();
    expect([...suite.plannedKeys].filter((key) => !recorded.has(key))).toEqual([]);
  });

  it('the question stays up and busy until the server answers, then says "Patient deleted successfully" and leaves', async () => {
    let answer: () => void = () => undefined;
    const deletePatient = vi.fn((_: { input: { key: string } }) => new Promise<void>((resolve) => (answer = resolve)));
    const actor = createActor(patientDeleteMachine.provide({ actors: { deletePatient: fromPromise(deletePatient) }, actions: effects }), {
      inspect,
    }).start();
    actor.send({ type: 'patient.delete', key: '14' });
    actor.send({ type: 'patient.confirmDelete' });
    actor.send({ type: 'patient.cancelDelete' });
    expect(selectPatientDelete(actor.getSnapshot())).toEqual({ confirming: true, busy: true, canDelete: false });
    answer();
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(done).toEqual([`success ${PatientMessageText.deleted}`, 'goToPatients', 'refreshPatients']);
  });

  it('a failure without a message of its own says "Failed to delete patient" and keeps the page', async () => {
    const shown: string[] = [];
    const { notify } = await import('../../src/services/platform/notify');
    const stop = notify.subscribe((toast) => shown.push(`${toast.kind}: ${toast.text}`));
    const actor = createActor(
      patientDeleteMachine.provide({
        actors: { deletePatient: fromPromise(() => Promise.reject(new Error('socket hang up'))) },
        actions: { goToPatients: effects.goToPatients },
      }),
      { inspect },
    ).start();
    actor.send({ type: 'patient.delete', key: '14' });
    actor.send({ type: 'patient.confirmDelete' });
    await vi.waitFor(() => expect(shown).toEqual([`error: ${PatientMessageText.deleteFailed}`]));
    expect(effects.goToPatients).not.toHaveBeenCalled();
    expect(selectPatientDelete(actor.getSnapshot()).canDelete).toBe(true);
    stop();
  });
});
