/** Display screens, ticket kiosks or scales: the device controllers share their screen parts. */
export type { DeviceKind } from '@truck-queue/shared/contracts/api';
import type { DeviceKind } from '@truck-queue/shared/contracts/api';

/** The devices that serve queue types (a scale or a reader serves its place instead). */
export type QueueTypeDeviceKind = Exclude<DeviceKind, 'scale' | 'reader'>;

/** What a checkbox dialog assigns. */
export type ChoiceScope = 'callingQueueType' | 'callingStation' | 'displayQueueType' | 'printerQueueType';

/** Query keys of the controllers; every key starts with 'admin', 'controllers'. */
export const controllerKeys = {
  calling: ['admin', 'controllers', 'calling'] as const,
  devices: (kind: DeviceKind) => ['admin', 'controllers', kind] as const,
  choices: (scope: ChoiceScope, id: number) => ['admin', 'controllers', 'choices', scope, id] as const,
  voicePack: ['admin', 'controllers', 'voicePack'] as const,
  manualWeights: ['admin', 'controllers', 'manualWeights'] as const,
};
