import { HEADER_DEVICE_SECRET } from '@truck-queue/shared/contracts/api';
import { deviceContracts } from '@truck-queue/shared/contracts/device.contract';
import { DeviceSecretSchema } from '@truck-queue/shared/contracts/device.contract';
import { AppError } from '../../lib/app-error.ts';
import type { RegisterCall } from '../../http/register-call.ts';
import type { DeviceService } from './device-gateway.service.ts';

export function registerDeviceRoutes(register: RegisterCall, devices: DeviceService): void {
  register(deviceContracts.hello, async ({ body, request }) => {
    const secret = DeviceSecretSchema.safeParse(request.headers[HEADER_DEVICE_SECRET]);
    if (!secret.success) {
      throw new AppError('VALIDATION_FAILED', `The ${HEADER_DEVICE_SECRET} header is missing or malformed.`, [
        {
          path: HEADER_DEVICE_SECRET,
          message: 'must be the secret this device keeps (43 to 128 characters)',
        },
      ]);
    }
    return { status: 1, ...(await devices.hello(body.kind, body.device_id, secret.data, request.ip)) };
  });

  register(deviceContracts.displayBoard, async ({ device }) => ({
    status: 1,
    ...(await devices.board(device!)),
  }));

  register(deviceContracts.recentPlates, async ({ device, body }) => ({
    status: 1,
    plates: await devices.recentPlates(device!, body.find_license),
  }));
}
