import type { IntegrationScope } from '@truck-queue/shared/integrations/integration-keys';
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

/** An integration key making a call (`Authorization: Bearer tqk_…`, issue 42): never an officer. */
export interface IntegrationContext {
  /** The integration_keys row. */
  keyId: number;
  uid: string;
  name: string;
  branchId: number;
  scopes: readonly IntegrationScope[];
  ratePerMinute: number;
}
