/** Who is making a call, established from the session header before any handler runs. */
export interface AuthContext {
  sessionId: number;
  officerId: number;
  officerUuid: string;
  roles: string;
  /** The branch the session works in: every query of a handler is confined to it. */
  branchId: number;
}
