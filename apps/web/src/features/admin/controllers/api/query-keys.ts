/** Display screens or ticket kiosks: the two device controllers share every screen part. */
export type DeviceKind = 'display' | 'printer';

/** What a checkbox dialog assigns. */
export type ChoiceScope = 'callingQueueType' | 'callingStation' | 'displayQueueType' | 'printerQueueType';

/** Query keys of the controllers; every key starts with 'admin', 'controllers'. */
export const controllerKeys = {
  calling: ['admin', 'controllers', 'calling'] as const,
  devices: (kind: DeviceKind) => ['admin', 'controllers', kind] as const,
  choices: (scope: ChoiceScope, id: number) => ['admin', 'controllers', 'choices', scope, id] as const,
  voicePack: ['admin', 'controllers', 'voicePack'] as const,
};
