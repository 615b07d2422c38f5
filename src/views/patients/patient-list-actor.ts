import type { ActorRefFrom } from 'xstate';
import type { patientListMachine } from '../../machines/patients/patient-list.machine';

export type PatientListActor = ActorRefFrom<typeof patientListMachine>;
