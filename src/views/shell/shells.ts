/** The signed-in parts of the app, loaded after sign-in so the sign-in page stays light. */
export { PatientShell } from './patient-shell';
export { ProviderShell } from './provider-shell';
