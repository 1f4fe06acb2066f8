import { UNFINISHED_STEPS, type UnfinishedStep } from '@truck-queue/shared/contracts/api';

/** A text of a confirm dialog naming missing steps (the gate's, the weighbridge's): one per step, and one for a refusal that named none. */
export type UnfinishedStepKey = `exit.unfinished.steps.${UnfinishedStep | 'unknown'}`;

/**
 * What the gate's confirm dialog names when a truck's work is not done (UNFINISHED_EXIT): one
 * locale key per missing step, in the order the work goes (call, finish, weigh-out), each once.
 * The server named no step (an older server, say): the dialog still asks, in general words.
 */
export function unfinishedStepKeys(missing: readonly UnfinishedStep[]): UnfinishedStepKey[] {
  const steps = UNFINISHED_STEPS.filter((step) => missing.includes(step));
  return steps.length > 0
    ? steps.map((step): UnfinishedStepKey => `exit.unfinished.steps.${step}`)
    : ['exit.unfinished.steps.unknown'];
}
