/** The signed-in parts of the app, loaded after sign-in so the sign-in page stays light. */
export { AccessDeniedView } from './access-denied.view';
export { NotFoundView } from './not-found.view';
export { PatientShell } from './patient-shell';
export { ProviderShell } from './provider-shell';
