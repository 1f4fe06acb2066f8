import { callApi } from '../../../../lib/api-client.ts';
import { choicesQueryOptions } from './choices.ts';
import { queueTypeContracts } from './device-contracts.ts';
import { controllerKeys, type QueueTypeDeviceKind } from './query-keys.ts';

/** The branch's queue types, ticked where the display shows them (or the kiosk issues them). */
export function deviceChoicesQueryOptions(kind: QueueTypeDeviceKind, deviceId: number) {
  return choicesQueryOptions(
    controllerKeys.choices(kind === 'display' ? 'displayQueueType' : 'printerQueueType', deviceId),
    (signal) =>
      callApi(queueTypeContracts(kind).loadQueueType, { id: deviceId }, { signal }).then((r) => r.queueType),
  );
}
