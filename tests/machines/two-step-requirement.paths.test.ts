import { beforeEach, expect, vi } from 'vitest';
import { PracticeTwoStepText } from '../../src/model/practice/settings-texts';
import { twoStepRequirementMachine } from '../../src/machines/practice/two-step-requirement.machine';
import { selectTwoStepRequirement } from '../../src/machines/practice/two-step-requirement.selectors';
import { ApiError } from '../../src/services/http/api-error';
import { describePaths } from '../support/path-tests';

const effects = { refreshSetting: vi.fn(), notifySaved: vi.fn() };
beforeEach(() => vi.clearAllMocks());

describePaths(twoStepRequirementMachine, {
  events: {
    'requirement.set': [
      { type: 'requirement.set', required: true },
      { type: 'requirement.set', required: false },
    ],
  },
  invokes: {
    save: {
      outputs: [{ required: true }],
      errors: [new ApiError('The requested resource was not found.', 'http', 404), new TypeError('answer did not match the schema')],
    },
  },
  provide: { actions: effects },
  check: { context: true, tags: true },
  afterPath: ({ snapshot, invocations }) => {
    for (const { input } of invocations) expect([{ required: true }, { required: false }]).toContainEqual(input);
    const view = selectTwoStepRequirement(snapshot);
    // Saved or refused, the switch shows the stored setting again.
    if (invocations.length > 0 && !view.saving) expect(effects.refreshSetting).toHaveBeenCalled();
    if (view.error !== null) expect(['The requested resource was not found.', PracticeTwoStepText.failed]).toContain(view.error);
  },
});
