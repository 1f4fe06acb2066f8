/**
 * Socket.IO room names. Staff sockets are in the default namespace, drivers' pages in
 * `/public`, displays and kiosks in `/device`; a room name means something only in its own.
 */

/** Staff sockets that joined their branch (`joinRoom`): every change of the branch. */
export const branchRoom = (branchId: number) => `branch:${branchId}`;
/** Every staff socket of one session, to drop them all when it ends. */
export const sessionRoom = (sessionId: number) => `session:${sessionId}`;
/** Drivers' pages (`/public`) following a ticket of this queue type. */
export const queueTypeRoom = (branchQueueTypeId: number) => `queuetype:${branchQueueTypeId}`;
/** The driver's pages of one ticket: a transfer moves them to the new line's room. */
export const ticketRoom = (queueUuid: string) => `ticket:${queueUuid}`;
/** A registered device's sockets (DESIGN.md: `display:<device>`; kiosks have one too). */
export const deviceRoom = (deviceId: number) => `display:${deviceId}`;
/** Every registered device's sockets of a branch (`/device`): the branch's settings changed. */
export const branchDevicesRoom = (branchId: number) => `devices:${branchId}`;
/** Every driver's page (`/public`) of a ticket of the branch: the branch's settings changed. */
export const branchTicketsRoom = (branchId: number) => `tickets:${branchId}`;
/** An unregistered screen showing this short id, waiting to be registered. */
export const pendingRoom = (shortId: string) => `pending:${shortId}`;
/** Staff sockets whose weighing page shows this scale's live weight (`watchScale`). */
export const scaleRoom = (deviceId: number) => `scale:${deviceId}`;
/**
 * Staff sockets of the branches page (`watchBranches`), in one such room for each branch their
 * officer holds: a change of the branch reaches them, paced (broadcasts.ts).
 */
export const overviewRoom = (branchId: number) => `overview:${branchId}`;
/** Whether a room is one of the branches page's. */
export const isOverviewRoom = (room: string) => room.startsWith('overview:');
