import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { activityExportMachine, type ActivityExportRequest } from '../../src/machines/activity/activity-export.machine';
import { selectActivityExport } from '../../src/machines/activity/activity-export.selectors';
import { ActivityText } from '../../src/model/activity/activity-texts';
import { ApiError } from '../../src/services/http/api-error';
import { describePaths, recordTransitions } from '../support/path-tests';

const CSV = '"When (UTC)","Who"\r\n';
const REQUEST: ActivityExportRequest = {
  sort: { column: 'at', direction: 'desc' },
  filters: [{ column: 'kind', operator: 'equals', value: 'Report opened' }],
};
const missing = new ApiError('Not found', 'http', 404, 'c-404');
const refused = new ApiError('The server is busy (Correlation ID: c-1)', 'http', 503, 'c-1');

const done: string[] = [];
const effects = {
  saveCsv: vi.fn((_: unknown, params: { csv: string }) => void done.push(`save ${params.csv}`)),
  notifyFailed: vi.fn(
    (_: unknown, params: { error: unknown }) => void done.push(`error ${params.error === missing ? ActivityText.unavailable : 'failed'}`),
  ),
};

beforeEach(() => {
  done.length = 0;
  vi.clearAllMocks();
});

function expectedEffects(steps: readonly { event: { type: string; output?: unknown; error?: unknown } }[]): string[] {
  return steps.flatMap(({ event }) => {
    if (event.type === 'xstate.done.actor.exportCsv') return [`save ${String(event.output)}`];
    if (event.type === 'xstate.error.actor.exportCsv') return [`error ${event.error === missing ? ActivityText.unavailable : 'failed'}`];
    return [];
  });
}

const suite = describePaths(activityExportMachine, {
  name: 'exporting the activity trail as CSV (issue 44): idle, exporting, saved or refused',
  events: { 'activity.export': [{ type: 'activity.export', ...REQUEST }] },
  invokes: { exportCsv: { outputs: [CSV], errors: [missing, refused] } },
  provide: { actions: effects },
  check: { tags: true },
  afterPath: ({ snapshot, invocations, path }) => {
    expect(done).toEqual(expectedEffects(path.steps));
    expect(invocations.length).toBe(path.steps.filter((step) => step.event.type === 'activity.export').length);
    expect(selectActivityExport(snapshot).busy).toBe(snapshot.matches('exporting'));
  },
});

describe('activity export, step by step', () => {
  const inspect = recordTransitions();
  afterEach(() => vi.restoreAllMocks());

  it('the generated paths walked every transition they planned', () => {
    const recorded = suite.recorded();
    expect([...suite.plannedKeys].filter((key) => !recorded.has(key))).toEqual([]);
  });

  it('asks for the list’s filters and sort, once, however often the button is clicked meanwhile', async () => {
    const exportCsv = vi.fn((_: { input: ActivityExportRequest }) => Promise.resolve(CSV));
    const actor = createActor(activityExportMachine.provide({ actors: { exportCsv: fromPromise(exportCsv) }, actions: effects }), {
      inspect,
    }).start();
    actor.send({ type: 'activity.export', ...REQUEST });
    actor.send({ type: 'activity.export', ...REQUEST });
    expect(selectActivityExport(actor.getSnapshot()).busy).toBe(true);
    await vi.waitFor(() => expect(selectActivityExport(actor.getSnapshot()).busy).toBe(false));
    expect(exportCsv).toHaveBeenCalledTimes(1);
    expect(exportCsv.mock.calls[0]?.[0].input).toEqual(REQUEST);
    expect(done).toEqual([`save ${CSV}`]);
  });
});
