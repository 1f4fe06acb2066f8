import type { ApiContract } from '@truck-queue/shared/contracts/api';
import { ALL_CONTRACTS } from '@truck-queue/shared/contracts/all';

/** Every contract the shared package exports, by path (`authen/signin`). */
export function contractsByPath(): Map<string, ApiContract> {
  return new Map(ALL_CONTRACTS.map((contract) => [contract.path, contract]));
}
