import type { DeviceKind } from '@truck-queue/shared/contracts/api';
/** Who is making a call, established from the session header before any handler runs. */
export interface AuthContext {
  sessionId: number;
  officerId: number;
  officerUuid: string;
  roles: string;
  /** The branch the session works in: every query of a handler is confined to it. */
  branchId: number;
}

/** A registered display or kiosk making a call with its credentials (device-id + device-secret). */
export interface DeviceContext {
  /** The devices row. */
  deviceId: number;
  uuid: string;
  kind: DeviceKind;
  branchId: number;
  /** The short id the device shows. */
  shortId: string;
}
