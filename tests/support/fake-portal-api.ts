import type { Practice, PracticeSummary } from '../../src/model/practice/practice';
import { type UserRecord } from '../../src/model/team/user-record';
import { json, type Handler, type RecordedCall } from './fake-fetch';
import { practiceRecord, userRecord } from './fixtures/records';

/** A scripted portalApi for view tests: the shell's two reads, and whatever the test adds. */
export function fakePortalApi(
  /** A patient's practice is only its summary, as the reference server answers a patient. */
  options: {
    practice?: Practice | PracticeSummary;
    me?: UserRecord;
    routes?: Record<string, (call: RecordedCall) => Response | Promise<Response>>;
  } = {},
): Handler {
  const routes: Record<string, (call: RecordedCall) => Response | Promise<Response>> = {
    'GET /portalApi/Practices': () => json(options.practice ?? practiceRecord()),
    'GET /portalApi/Users/Me': () => json(options.me ?? userRecord()),
    ...options.routes,
  };
  return (call) => {
    const route = routes[`${call.method} ${call.url.split('?')[0]}`];
    return route ? route(call) : json({ error: { message: `No fake for ${call.method} ${call.url}` }, correlationId: 'test' }, 404);
  };
}
