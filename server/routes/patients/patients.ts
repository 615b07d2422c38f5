import { Hono } from 'hono';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../http/env';
import { PATIENT_KEY, patientActions } from './patient-actions';

/** The provider side's patients under the base path (kits §7 "Patients (API client)"). */
export function patientRecordRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { requireProvider } = deps;
  const patients = patientActions(deps);

  routes.get('/Patients', requireProvider, (c) => patients.list(c, c.req.query()));
  routes.get(`/Patients/:id{${PATIENT_KEY}}`, requireProvider, (c) => patients.get(c, c.req.param('id')));
  routes.post('/Patients/', requireProvider, (c) => patients.create(c));
  routes.put(`/Patients/:id{${PATIENT_KEY}}`, requireProvider, (c) => patients.update(c, c.req.param('id')));
  routes.delete(`/Patients/:id{${PATIENT_KEY}}`, requireProvider, (c) => patients.remove(c, c.req.param('id')));
  routes.patch(`/Patients/:uid{${PATIENT_KEY}}/Consents`, requireProvider, (c) => patients.consents(c, c.req.param('uid')));

  return routes;
}
