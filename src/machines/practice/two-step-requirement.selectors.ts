import type { SnapshotFrom } from 'xstate';
import type { twoStepRequirementMachine } from './two-step-requirement.machine';

export function selectTwoStepRequirement(snapshot: SnapshotFrom<typeof twoStepRequirementMachine>) {
  return { saving: snapshot.hasTag('busy'), error: snapshot.context.error };
}
