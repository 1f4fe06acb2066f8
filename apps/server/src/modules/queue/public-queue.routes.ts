import { queueInformation } from '@truck-queue/shared/contracts/public-queue.contract';
import { fileDispute } from '@truck-queue/shared/contracts/dispute.contract';
import type { RegisterCall } from '../../http/register-call.ts';
import type { PublicQueueService } from './public-queue.service.ts';

export function registerPublicQueueRoutes(register: RegisterCall, publicQueue: PublicQueueService): void {
  register(queueInformation, async ({ body }) => {
    const {
      branchId: _branch,
      branchQueueTypeId: _type,
      ...queue
    } = await publicQueue.page(body.queue_number_id);
    return { status: 1, queue };
  });
  register(fileDispute, async ({ body }) => ({
    status: 1,
    dispute: await publicQueue.dispute(body.queue_number_id, body.note),
  }));
}
