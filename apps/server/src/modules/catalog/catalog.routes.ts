import * as contracts from '@truck-queue/shared/contracts/catalog.contract';
import type { RegisterCall } from '../../http/register-call.ts';
import type { ProductsService } from './products.service.ts';
import type { QueueTypesService } from './queue-types.service.ts';
import type { StationsService } from './stations.service.ts';

export function registerCatalogRoutes(
  register: RegisterCall,
  services: { queueTypes: QueueTypesService; products: ProductsService; stations: StationsService },
): void {
  const { queueTypes, products, stations } = services;

  register(contracts.branchQT, async ({ auth }) => ({ status: 1, branchQT: await queueTypes.list(auth) }));
  register(contracts.queueType, async () => ({ status: 1, queueType: await queueTypes.masters() }));
  register(contracts.doBranchQT, async ({ auth, body }) => ({
    status: 1,
    message: 'Saved.',
    branchQT:
      'uuid' in body
        ? await queueTypes.update(auth, body.uuid, body.prefix, body.name)
        : await queueTypes.create(
            auth,
            'name' in body
              ? { name: body.name, flowEngineId: body.flow_engine_id }
              : { masterId: body.queue_type },
            body.prefix,
          ),
  }));
  register(contracts.cancelQT, async ({ auth, body }) => {
    await queueTypes.cancel(auth, body.uuid);
    return { status: 1 };
  });

  register(contracts.mainProduct, async ({ auth, body }) => ({
    status: 1,
    product:
      'id_branchQT' in body ? await products.forQueueType(auth, body.id_branchQT) : await products.list(auth),
  }));
  register(contracts.manageProduct, async ({ auth, body }) => {
    await products.assign(auth, body.id, body.product);
    return { status: 1 };
  });
  register(contracts.doMainProduct, async ({ auth, body }) => {
    const { name, ...rest } = body;
    const limits = 'uuid' in rest ? (({ uuid: _uuid, ...l }) => l)(rest) : rest;
    return {
      status: 1,
      product:
        'uuid' in body
          ? await products.update(auth, body.uuid, name, limits)
          : await products.create(auth, name, limits),
    };
  });

  register(contracts.mainStation, async ({ auth }) => ({ status: 1, station: await stations.list(auth) }));
  register(contracts.doMainStation, async ({ auth, body }) => ({
    status: 1,
    station:
      'uuid' in body
        ? await stations.update(auth, body.uuid, body.name, body.weighbridge)
        : await stations.create(auth, body.name, body.weighbridge),
  }));
  register(contracts.loadState, async ({ auth, body }) => ({
    status: 1,
    state: await stations.states(auth, body.id),
  }));
  register(contracts.manageState, async ({ auth, body }) => {
    await stations.assignStates(auth, body.id, body.flow_state);
    return { status: 1 };
  });
  register(contracts.deleteStationUS, async ({ auth, body }) => {
    await stations.removeState(auth, body.id);
    return { status: 1 };
  });
}
