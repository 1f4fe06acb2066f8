import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccess } from '@truck-queue/shared/contracts/auth.contract';
import { saveYardSettings, yardSettings } from '@truck-queue/shared/contracts/yard.contract';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, type Plant } from '../../test/plant.ts';

/** The branch's harvest season: the period pickers' "this season" (shared/season.ts). */

let t: TestContext;
let plant: Plant;
let other: Plant;

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t, 'Plant one');
  other = await createPlant(t, 'Plant two');
});
afterAll(() => t.close());

const admin = () => plant.officers.admin.session;
const branchOf = async (session: string) => (await t.call(checkAccess, {}, session)).officer.branch;

describe('the harvest season', () => {
  it('is 1 November to 30 April until the admin sets the branch’s own, which every officer’s pages get', async () => {
    expect(await branchOf(plant.officers.security.session)).toMatchObject({
      season_start: '11-01',
      season_finish: '04-30',
    });
    const { settings } = await t.call(yardSettings, {}, admin());
    await t.call(saveYardSettings, { ...settings, season_start: '10-15', season_finish: '03-31' }, admin());
    expect(await branchOf(plant.officers.security.session)).toMatchObject({
      season_start: '10-15',
      season_finish: '03-31',
    });
    // A save that leaves it out (the no-show form) keeps it; another branch keeps its own.
    await t.call(saveYardSettings, { no_show_after_recalls: 4, no_show_policy: 'requeue' }, admin());
    expect((await t.call(yardSettings, {}, admin())).settings).toMatchObject({
      season_start: '10-15',
      season_finish: '03-31',
    });
    expect(await branchOf(other.officers.admin.session)).toMatchObject({ season_start: '11-01' });
  });

  it('refuses a day that is not in every year, and changes nothing', async () => {
    const { settings } = await t.call(yardSettings, {}, admin());
    for (const day of ['02-29', '04-31', '13-01', '1-01', '2026-11-01', '']) {
      const response = await t.post(
        'admin/yard/saveSettings',
        { ...settings, season_start: day },
        { session: admin() },
      );
      expect(response.statusCode, day).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect((await t.call(yardSettings, {}, admin())).settings.season_start).toBe(settings.season_start);
  });
});
