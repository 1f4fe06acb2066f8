import type { PrintOutcome } from '@truck-queue/shared/contracts/printing.contract';
import type { Ticket } from '@truck-queue/shared/contracts/queue.contract';
import { EMPTY_DRAFT, type PlateDraft } from '../../plates/plate-draft.ts';

/** The kiosk's steps, in order; `issued` shows the printed ticket. */
export const KIOSK_STEPS = ['type', 'product', 'licence', 'confirm', 'issued'] as const;
export type KioskStep = (typeof KIOSK_STEPS)[number];

export interface KioskFlow {
  step: KioskStep;
  queueTypeId: number | null;
  productId: number | null;
  /** The licence as it is being entered (plates or free text). */
  plate: PlateDraft;
  /** The licence the truck confirmed (normalised): what the ticket is issued for. */
  licence: string;
  ticket: Ticket | null;
  /** What became of the issued ticket's paper, as issuing answered it. */
  print: PrintOutcome | null;
}

export type KioskAction =
  | { type: 'chooseType'; queueTypeId: number }
  | { type: 'chooseProduct'; productId: number }
  | { type: 'editPlate'; plate: PlateDraft }
  | { type: 'confirmLicence'; licence: string }
  | { type: 'issued'; ticket: Ticket; print: PrintOutcome }
  | { type: 'back' }
  | { type: 'toLicence' }
  /** Idle, finished, or the chosen type went away: the next truck starts afresh. */
  | { type: 'reset' };

export const START: KioskFlow = {
  step: 'type',
  queueTypeId: null,
  productId: null,
  plate: EMPTY_DRAFT,
  licence: '',
  ticket: null,
  print: null,
};

function back(state: KioskFlow): KioskFlow {
  switch (state.step) {
    case 'type':
      return state;
    case 'product':
      return { ...state, step: 'type' };
    case 'licence':
      return { ...state, step: 'product' };
    case 'confirm':
      return { ...state, step: 'licence' };
    case 'issued':
      return START;
  }
}

export function kioskFlow(state: KioskFlow, action: KioskAction): KioskFlow {
  switch (action.type) {
    case 'chooseType':
      return state.step === 'type'
        ? {
            ...state,
            step: 'product',
            queueTypeId: action.queueTypeId,
            // Another type offers other products.
            productId: state.queueTypeId === action.queueTypeId ? state.productId : null,
          }
        : state;
    case 'chooseProduct':
      return state.step === 'product' ? { ...state, step: 'licence', productId: action.productId } : state;
    case 'editPlate':
      return state.step === 'licence' ? { ...state, plate: action.plate } : state;
    case 'confirmLicence':
      return state.step === 'licence' ? { ...state, step: 'confirm', licence: action.licence } : state;
    case 'issued':
      return state.step === 'confirm'
        ? { ...state, step: 'issued', ticket: action.ticket, print: action.print }
        : state;
    case 'toLicence':
      return state.step === 'confirm' ? { ...state, step: 'licence' } : state;
    case 'back':
      return back(state);
    case 'reset':
      return START;
  }
}

/** Whether the screen waits on the truck (and so goes back to the start when left idle). */
export function isMidway(step: KioskStep): boolean {
  return step === 'product' || step === 'licence' || step === 'confirm';
}
