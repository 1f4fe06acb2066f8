import type { AuthContext } from '../../lib/auth-context.ts';
import type { CatalogRepository } from '../catalog/catalog.repository.ts';

/** The branch's active queue types (or stations) for a checkbox dialog, marked when `chosen` holds them. */
export async function queueTypeChoices(catalog: CatalogRepository, auth: AuthContext, chosen: Set<number>) {
  const rows = await catalog.listBranchQueueTypes(auth.branchId);
  return rows.map((r) => ({
    id: r.id,
    name: `${r.prefix} · ${r.queue_type_name}`,
    selected: chosen.has(r.id),
  }));
}

export async function stationChoices(catalog: CatalogRepository, auth: AuthContext, chosen: Set<number>) {
  const rows = await catalog.listActiveStations(auth.branchId);
  return rows.map((r) => ({ id: r.id, name: r.name, selected: chosen.has(r.id) }));
}
