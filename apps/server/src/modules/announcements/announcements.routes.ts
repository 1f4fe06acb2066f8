import * as contracts from '@truck-queue/shared/contracts/announcement.contract';
import type { RegisterCall } from '../../http/register-call.ts';
import type { AnnouncementsService } from './announcements.service.ts';

/** The calling page's proof that calls were heard, and its re-announce button. */
export function registerAnnouncementRoutes(
  register: RegisterCall,
  announcements: AnnouncementsService,
): void {
  register(contracts.callAnnouncements, async ({ auth, body }) => ({
    status: 1,
    ...(await announcements.proof(auth, body.queue_ids)),
  }));

  register(contracts.reannounceCall, async ({ auth, body }) => ({
    status: 1,
    ...(await announcements.reannounce(auth, body.call_id)),
  }));
}
