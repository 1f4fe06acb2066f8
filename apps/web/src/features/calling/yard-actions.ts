import type { TFunction } from 'i18next';
import type { Reason, ReasonArg, YardSettingsWire } from '@truck-queue/shared/contracts/yard.contract';
import {
  isCalledState,
  isOpenTicket,
  isWaitingState,
  type QueueState,
} from '@truck-queue/shared/queue/queue-machine';
import {
  offersNoShow,
  reasonAppliesTo,
  type ReasonKind,
  type YardSettings,
} from '@truck-queue/shared/queue/yard-rules';

/**
 * Which of the yard's moves a queue's dialog offers (no-show, transfer, void), from the shared
 * queue rules and the branch's yard rules. Pure, so it is tested without a browser; the server
 * decides again on the locked row and the dialog shows its refusal if the screen was behind.
 */

/** A queue type a waiting ticket may be moved to (yardRules' queue_types). */
export interface TransferTarget {
  id: number;
  queue_type_name: string;
  prefix: string;
  flow_engine_id: number;
}

export interface YardTicket {
  flowEngineId: number;
  /** The branch queue type the ticket is of now. */
  queueTypeId: number;
  state: QueueState;
  exited: boolean;
  /** Calls after the first; unknown on the report by flow's rows, where no no-show is offered. */
  recallCount: number | undefined;
}

export interface YardContext {
  /** The branch's no-show rule; undefined while it loads. */
  settings: YardSettingsWire | undefined;
  queueTypes: readonly TransferTarget[];
  isAdmin: boolean;
}

export interface YardOffers {
  noShow: boolean;
  /** The queue types it may move to; empty when it may not move. */
  transferTo: TransferTarget[];
  void: boolean;
}

/** The wire's settings as yard-rules.ts takes them. */
export function toYardSettings(wire: YardSettingsWire): YardSettings {
  return {
    noShowAfterRecalls: wire.no_show_after_recalls,
    noShowPolicy: wire.no_show_policy,
    dayStartMinutes: wire.day_start_minutes,
    calendar: wire.calendar,
    calendarAllLanguages: wire.calendar_all_languages,
    language: wire.language,
    rememberDefault: wire.remember_default,
    maskPlates: wire.mask_plates,
    preferBrowserVoice: wire.prefer_browser_voice,
    seasonStart: wire.season_start,
    seasonFinish: wire.season_finish,
    province: wire.province,
  };
}

export function yardOffers(ticket: YardTicket, context: YardContext): YardOffers {
  const open = isOpenTicket(ticket.state, ticket.exited);
  const noShow =
    open &&
    isCalledState(ticket.state) &&
    ticket.recallCount !== undefined &&
    context.settings !== undefined &&
    offersNoShow(ticket.recallCount, toYardSettings(context.settings));
  // A ticket still waiting for its call may move to another type of its own flow.
  const transferTo =
    open && isWaitingState(ticket.flowEngineId, ticket.state)
      ? context.queueTypes.filter(
          (type) => type.flow_engine_id === ticket.flowEngineId && type.id !== ticket.queueTypeId,
        )
      : [];
  return { noShow, transferTo, void: open && context.isAdmin };
}

export function hasYardOffers(offers: YardOffers): boolean {
  return offers.noShow || offers.transferTo.length > 0 || offers.void;
}

/**
 * The branch's active reasons of one kind for a ticket of this queue type (those for every type
 * and those narrowed to it), in the admin's order (sort number, then name).
 */
export function reasonChoices(reasons: readonly Reason[], kind: ReasonKind, queueTypeId: number): Reason[] {
  return reasons
    .filter(
      (reason) =>
        reason.kind === kind && reason.active && reasonAppliesTo(reason.queue_type_ids, queueTypeId),
    )
    .sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name, 'th'));
}

/** The reason as the event takes it: the note only when the officer wrote one. */
export function reasonArg(reasonId: number, note: string | null | undefined): ReasonArg {
  const trimmed = note?.trim() ?? '';
  return trimmed ? { reason_id: reasonId, note: trimmed } : { reason_id: reasonId };
}

/** "Reason — note", or the reason alone; null when there is none. */
export function reasonText(name: string | null | undefined, note: string | null | undefined): string | null {
  const reason = name?.trim();
  const extra = note?.trim();
  if (reason && extra) return `${reason} — ${extra}`;
  return reason || extra || null;
}

/** "B014 (เดิม A001)" when a transfer gave the ticket another number; the number alone otherwise. */
export function numberWithPrevious(
  t: TFunction,
  number: string,
  previous: string | null | undefined,
): string {
  return previous && previous !== number ? t('yard.numberWithPrevious', { number, previous }) : number;
}
