import type { PrintOutcome } from '@truck-queue/shared/contracts/printing.contract';
import type { Ticket } from '@truck-queue/shared/contracts/queue.contract';
import { needsLicence, type FoundBooking } from '../../check-in/check-in-now.ts';
import { EMPTY_DRAFT, type PlateDraft } from '../../plates/plate-draft.ts';

/**
 * The kiosk's steps; `issued` shows the printed ticket. A truck without a booking goes type →
 * product → licence → confirm; a booked one gives its code (`code`), sees its booking and what
 * checking in does now (`booking`, where it also confirms), and gives its plate first when the
 * booking is for any of the supplier's vehicles (`licence`, then back to `booking`).
 */
export const KIOSK_STEPS = ['type', 'product', 'licence', 'confirm', 'issued', 'code', 'booking'] as const;
export type KioskStep = (typeof KIOSK_STEPS)[number];

/** The way a truck takes: a queue type it chooses, or its booking. */
export type KioskPath = 'walk_in' | 'booking';

export interface KioskFlow {
  step: KioskStep;
  path: KioskPath;
  queueTypeId: number | null;
  productId: number | null;
  /** The licence as it is being entered (plates or free text). */
  plate: PlateDraft;
  /** The licence the truck confirmed (normalised): what the ticket is issued for. */
  licence: string;
  /** The booking its code found (the booking path). */
  booking: FoundBooking | null;
  ticket: Ticket | null;
  /** What became of the issued ticket's paper, as issuing answered it. */
  print: PrintOutcome | null;
}

export type KioskAction =
  | { type: 'chooseType'; queueTypeId: number }
  | { type: 'chooseProduct'; productId: number }
  /** "I have a booking": the code step. */
  | { type: 'openBooking' }
  /** The code found this booking. */
  | { type: 'found'; booking: FoundBooking }
  | { type: 'editPlate'; plate: PlateDraft }
  | { type: 'confirmLicence'; licence: string }
  | { type: 'issued'; ticket: Ticket; print: PrintOutcome }
  | { type: 'back' }
  /** From the confirm step (or the booking) to the licence: to give or correct the plate. */
  | { type: 'toLicence' }
  /** Idle, finished, or the chosen type went away: the next truck starts afresh. */
  | { type: 'reset' };

export const START: KioskFlow = {
  step: 'type',
  path: 'walk_in',
  queueTypeId: null,
  productId: null,
  plate: EMPTY_DRAFT,
  licence: '',
  booking: null,
  ticket: null,
  print: null,
};

/** The step a truck confirms its ticket on: the summary, or its booking. */
function confirmStep(state: KioskFlow): KioskStep {
  return state.path === 'booking' ? 'booking' : 'confirm';
}

function back(state: KioskFlow): KioskFlow {
  switch (state.step) {
    case 'type':
      return state;
    case 'product':
      return { ...state, step: 'type' };
    case 'licence':
      return { ...state, step: state.path === 'booking' ? 'booking' : 'product' };
    case 'confirm':
      return { ...state, step: 'licence' };
    case 'code':
    case 'issued':
      return START;
    case 'booking':
      // Another code: the plate given for this booking goes with it.
      return { ...START, step: 'code', path: 'booking' };
  }
}

export function kioskFlow(state: KioskFlow, action: KioskAction): KioskFlow {
  switch (action.type) {
    case 'chooseType':
      return state.step === 'type'
        ? {
            ...state,
            step: 'product',
            path: 'walk_in',
            queueTypeId: action.queueTypeId,
            // Another type offers other products.
            productId: state.queueTypeId === action.queueTypeId ? state.productId : null,
          }
        : state;
    case 'chooseProduct':
      return state.step === 'product' ? { ...state, step: 'licence', productId: action.productId } : state;
    case 'openBooking':
      return state.step === 'type' ? { ...START, step: 'code', path: 'booking' } : state;
    case 'found':
      return state.step === 'code' ? { ...state, step: 'booking', booking: action.booking } : state;
    case 'editPlate':
      return state.step === 'licence' ? { ...state, plate: action.plate } : state;
    case 'confirmLicence':
      return state.step === 'licence'
        ? { ...state, step: confirmStep(state), licence: action.licence }
        : state;
    case 'issued':
      return state.step === confirmStep(state)
        ? { ...state, step: 'issued', ticket: action.ticket, print: action.print }
        : state;
    case 'toLicence':
      return state.step === confirmStep(state) && (state.path === 'walk_in' || bookingNeedsLicence(state))
        ? { ...state, step: 'licence' }
        : state;
    case 'back':
      return back(state);
    case 'reset':
      return START;
  }
}

/** The booking path's booking is for any of the supplier's vehicles: the truck gives its plate. */
export function bookingNeedsLicence(state: KioskFlow): boolean {
  return state.booking !== null && needsLicence(state.booking);
}

/** The booking's truck may be checked in: its plate is known (booked, or given). */
export function bookingReady(state: KioskFlow): boolean {
  return state.booking !== null && (!needsLicence(state.booking) || state.licence !== '');
}

/** The steps the progress bar shows for the truck's path. */
export type ProgressStep = 'type' | 'product' | 'licence' | 'confirm' | 'code' | 'booking';

/** The progress bar: the path's steps, and the one the truck is on (past the last when issued). */
export function progress(state: KioskFlow): { steps: ProgressStep[]; current: number } {
  if (state.path === 'walk_in') {
    const steps: ProgressStep[] = ['type', 'product', 'licence', 'confirm'];
    return {
      steps,
      current: state.step === 'issued' ? steps.length : steps.indexOf(state.step),
    };
  }
  if (!bookingNeedsLicence(state)) {
    const steps: ProgressStep[] = ['code', 'confirm'];
    return { steps, current: state.step === 'code' ? 0 : state.step === 'issued' ? 2 : 1 };
  }
  const steps: ProgressStep[] = ['code', 'booking', 'licence', 'confirm'];
  const current = state.step === 'issued' ? 4 : state.step === 'licence' ? 2 : state.licence === '' ? 1 : 3;
  return { steps, current };
}

/** Whether the screen waits on the truck (and so goes back to the start when left idle). */
export function isMidway(step: KioskStep): boolean {
  return step !== 'type' && step !== 'issued';
}
