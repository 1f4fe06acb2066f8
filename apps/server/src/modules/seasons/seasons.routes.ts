import {
  listQuotas,
  listSeasons,
  saveQuotas,
  saveSeason,
} from '@truck-queue/shared/contracts/season.contract';
import type { RegisterCall } from '../../http/register-call.ts';
import type { SeasonsService } from './seasons.service.ts';

/** The office's seasons and the suppliers' quotas in them. */
export function registerSeasonRoutes(register: RegisterCall, seasons: SeasonsService): void {
  register(listSeasons, async ({ auth }) => ({ status: 1, seasons: await seasons.list(auth) }));

  register(saveSeason, async ({ auth, body }) => ({ status: 1, season: await seasons.save(auth, body) }));

  register(listQuotas, async ({ auth, body }) => ({ status: 1, ...(await seasons.quotas(auth, body)) }));

  register(saveQuotas, async ({ auth, body }) => ({
    status: 1,
    saved: await seasons.saveQuotas(auth, body),
  }));
}
