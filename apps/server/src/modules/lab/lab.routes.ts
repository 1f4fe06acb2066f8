import { saveLabMeasure } from '@truck-queue/shared/contracts/lab.contract';
import type { RegisterCall } from '../../http/register-call.ts';
import type { LabService } from './lab.service.ts';

export function registerLabRoutes(register: RegisterCall, lab: LabService): void {
  register(saveLabMeasure, async ({ auth, body }) => ({
    status: 1,
    lab_measure: await lab.saveMeasure(auth, body),
  }));
}
