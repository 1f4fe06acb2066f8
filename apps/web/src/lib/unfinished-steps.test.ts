import { describe, expect, it } from 'vitest';
import th from '../locales/th.json';
import { unfinishedStepKeys } from './unfinished-steps.ts';

describe('unfinishedStepKeys', () => {
  it('names each missing step once, in the order the work goes', () => {
    expect(unfinishedStepKeys(['weigh_out', 'call', 'weigh_out'])).toEqual([
      'exit.unfinished.steps.call',
      'exit.unfinished.steps.weigh_out',
    ]);
    expect(unfinishedStepKeys(['finish'])).toEqual(['exit.unfinished.steps.finish']);
  });

  it('still says something when the server named no step', () => {
    expect(unfinishedStepKeys([])).toEqual(['exit.unfinished.steps.unknown']);
  });

  it('has a Thai text for every key it gives', () => {
    const steps = th.exit.unfinished.steps as Record<string, string>;
    for (const step of ['call', 'finish', 'weigh_out', 'unknown']) expect(steps[step], step).toBeTruthy();
  });
});
