import { callingLoadQueueType, callingLoadStation } from '@truck-queue/shared/contracts/controller.contract';
import { callApi } from '../../../../lib/api-client.ts';
import { choicesQueryOptions } from './choices.ts';
import { controllerKeys } from './query-keys.ts';

export type CallingAssignment = 'queueType' | 'station';

/** The branch's queue types (or stations), ticked where the officer already handles them. */
export function callingChoicesQueryOptions(what: CallingAssignment, officerId: number) {
  return what === 'queueType'
    ? choicesQueryOptions(controllerKeys.choices('callingQueueType', officerId), (signal) =>
        callApi(callingLoadQueueType, { id: officerId }, { signal }).then((r) => r.queueType),
      )
    : choicesQueryOptions(controllerKeys.choices('callingStation', officerId), (signal) =>
        callApi(callingLoadStation, { id: officerId }, { signal }).then((r) => r.station),
      );
}
