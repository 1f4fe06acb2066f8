import type { ApiContract } from './api.ts';
import * as alert from './alert.contract.ts';
import * as announcement from './announcement.contract.ts';
import * as auth from './auth.contract.ts';
import * as booking from './booking.contract.ts';
import * as branchesOverview from './branches-overview.contract.ts';
import * as catalog from './catalog.contract.ts';
import * as controller from './controller.contract.ts';
import * as device from './device.contract.ts';
import * as dispute from './dispute.contract.ts';
import * as goodsReceipt from './goods-receipt.contract.ts';
import * as identification from './identification.contract.ts';
import * as integration from './integration.contract.ts';
import * as lab from './lab.contract.ts';
import * as notification from './notification.contract.ts';
import * as officer from './officer.contract.ts';
import * as order from './order.contract.ts';
import * as printing from './printing.contract.ts';
import * as publicQueue from './public-queue.contract.ts';
import * as queue from './queue.contract.ts';
import * as report from './report.contract.ts';
import * as season from './season.contract.ts';
import * as slip from './slip.contract.ts';
import * as stationWork from './station-work.contract.ts';
import * as supplier from './supplier.contract.ts';
import * as supplierPortal from './supplier-portal.contract.ts';
import * as scorecard from './scorecard.contract.ts';
import * as timeBreakdown from './time-breakdown.contract.ts';
import * as voice from './voice.contract.ts';
import * as waitAccuracy from './wait-accuracy.contract.ts';
import * as webhook from './webhook.contract.ts';
import * as weighingRules from './weighing-rules.contract.ts';
import * as yard from './yard.contract.ts';

function isContract(value: unknown): value is ApiContract {
  return (
    typeof value === 'object' && value !== null && 'path' in value && 'access' in value && 'body' in value
  );
}

function collect(): ApiContract[] {
  const found = new Map<string, ApiContract>();
  const visit = (value: unknown) => {
    if (isContract(value)) found.set(value.path, value);
    else if (typeof value === 'object' && value !== null) for (const v of Object.values(value)) visit(v);
  };
  for (const module of [
    alert,
    announcement,
    auth,
    booking,
    branchesOverview,
    catalog,
    controller,
    device,
    dispute,
    goodsReceipt,
    identification,
    integration,
    lab,
    notification,
    officer,
    order,
    printing,
    publicQueue,
    queue,
    report,
    season,
    slip,
    stationWork,
    supplier,
    supplierPortal,
    scorecard,
    timeBreakdown,
    voice,
    waitAccuracy,
    webhook,
    weighingRules,
    yard,
  ])
    visit(module);
  return [...found.values()].sort((a, b) => a.path.localeCompare(b.path));
}

/**
 * Every API contract, once each, in path order: the API docs, the fuzzer and the access tests
 * walk this one list, so a new contract module is added here and nowhere else.
 */
export const ALL_CONTRACTS: readonly ApiContract[] = collect();
