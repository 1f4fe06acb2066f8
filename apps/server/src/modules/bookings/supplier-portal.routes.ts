import { supplierGradeLine, supplierScorecard } from '@truck-queue/shared/contracts/scorecard.contract';
import * as contracts from '@truck-queue/shared/contracts/supplier-portal.contract';
import type { RegisterCall } from '../../http/register-call.ts';
import type { SupplierPortalService } from './supplier-portal.service.ts';

/** The supplier's booking page (public calls with its token) and the office's PIN for it. */
export function registerSupplierPortalRoutes(register: RegisterCall, portal: SupplierPortalService): void {
  register(contracts.supplierSignIn, async ({ body, request }) => ({
    status: 1,
    ...(await portal.signIn(body.branch, body.code, body.pin, request.ip)),
  }));

  register(contracts.supplierSignOut, async ({ body }) => {
    await portal.signOut(body.token);
    return { status: 1 };
  });

  register(contracts.supplierHome, async ({ body }) => ({ status: 1, ...(await portal.home(body.token)) }));

  register(supplierScorecard, async ({ body }) => ({ status: 1, ...(await portal.scorecard(body.token)) }));

  register(supplierGradeLine, async ({ body }) => ({ status: 1, ...(await portal.linkLine(body.token)) }));

  register(contracts.supplierSlots, async ({ body }) => ({
    status: 1,
    days: await portal.slots(body.token, body.id_branchQT, body.from, body.days),
  }));

  register(contracts.supplierBook, async ({ body }) => ({
    status: 1,
    booking: await portal.book(body.token, {
      branchQueueTypeId: body.id_branchQT,
      productId: body.product,
      day: body.day,
      windowStart: body.window_start,
      licence: body.truck_license,
    }),
  }));

  register(contracts.supplierCancel, async ({ body }) => ({
    status: 1,
    booking: await portal.cancel(body.token, body.booking_id),
  }));

  register(contracts.issueSupplierPin, async ({ auth, body }) => ({
    status: 1,
    ...(await portal.issuePin(auth, body.supplier_id)),
  }));
}
