/**
 * The per-branch rules of the yard's everyday moves: why a load is sent to recheck, rejected or
 * a ticket voided (each branch keeps its own list, admin-managed), and what happens to a truck
 * that is called and does not come, when its working day starts and the calendar it writes.
 */
import { DEFAULT_CALENDAR, type Calendar } from '../calendar.ts';
import { DEFAULT_DAY_START_MINUTES } from '../plant-day.ts';
import { DEFAULT_HARVEST_SEASON } from '../season.ts';
import { TICKET_LANGUAGES } from '../printing/ticket-text.ts';

/** A branch's default language for its officers' screens: one the app offers, or '' for the plant's default. */
export const BRANCH_LANGUAGES = ['', ...TICKET_LANGUAGES] as const;
export type BranchLanguage = (typeof BRANCH_LANGUAGES)[number];

export function isBranchLanguage(value: unknown): value is BranchLanguage {
  return (BRANCH_LANGUAGES as readonly unknown[]).includes(value);
}

/**
 * The moves that take a reason from the branch's list: a recheck, a reject, a void; a call of
 * another truck than the line's rule calls next, a truck admitted past its class's daily cap, a
 * truck moved to another class of its line (issue 38).
 */
export const REASON_KINDS = ['recheck', 'reject', 'void', 'out_of_order', 'admit', 'reclass'] as const;
export type ReasonKind = (typeof REASON_KINDS)[number];

/**
 * The list a new branch starts with. They are the plant's own words (Thai), kept as data the
 * admin renames, reorders or retires, the way product names are; the screens show them as typed.
 */
export const DEFAULT_REASONS: Record<ReasonKind, readonly string[]> = {
  recheck: ['ความชื้นสูง', 'สิ่งเจือปนเกิน', 'แป้งต่ำกว่าเกณฑ์', 'ตัวอย่างไม่ชัดเจน'],
  reject: ['ความชื้นสูง', 'สิ่งเจือปนเกิน', 'แป้งต่ำกว่าเกณฑ์', 'หัวมันเน่าเสีย'],
  void: ['ออกบัตรผิดประเภท', 'ออกบัตรซ้ำ', 'รถไม่เข้าโรงงาน'],
  out_of_order: ['คันถัดไปยังไม่พร้อม', 'สถานีรับได้เฉพาะรถคันนี้', 'สินค้าเร่งด่วนตามสัญญา', 'ผู้จัดการสั่ง'],
  admit: ['ผู้จัดการอนุมัติ', 'ส่งตามสัญญา', 'ค้างจากวันก่อน'],
  reclass: ['ออกบัตรผิดประเภท', 'ตรวจพบเมื่อถึงโรงงาน', 'มีการจองคิว'],
};

/**
 * Whether a reason applies to a ticket of a queue type: a reason narrowed to none applies to
 * every queue type of its branch (the default), else only to those it names. The server checks
 * the same on every move that carries a reason.
 */
export function reasonAppliesTo(reasonQueueTypeIds: readonly number[], branchQueueTypeId: number): boolean {
  return reasonQueueTypeIds.length === 0 || reasonQueueTypeIds.includes(branchQueueTypeId);
}

/** What happens to a no-show: back to the end of its line, or its ticket is cancelled. */
export const NO_SHOW_POLICIES = ['requeue', 'cancel'] as const;
export type NoShowPolicy = (typeof NO_SHOW_POLICIES)[number];

export interface YardSettings {
  /** The card offers "no-show" once the truck was recalled this many times (1 to 20). */
  noShowAfterRecalls: number;
  noShowPolicy: NoShowPolicy;
  /** When the plant day starts, minutes after midnight on the site's clock (shared/plant-day.ts). */
  dayStartMinutes: number;
  /** The calendar its dates are written in (shared/calendar.ts). */
  calendar: Calendar;
  /** Whether languages other than Thai also write the year in `calendar` (else the Common era). */
  calendarAllLanguages: boolean;
  /** The language its officers' screens start in until an officer chooses one; '' = the plant's default. */
  language: BranchLanguage;
  /** Whether the sign-in form's "remember me" starts ticked (off: the shared PCs of a plant office). */
  rememberDefault: boolean;
  /** Plates on public screens are masked (shared/plate-mask.ts) unless this is off. */
  maskPlates: boolean;
  /** Displays use a good Thai voice of their browser, where they have one, instead of the voice pack. */
  preferBrowserVoice: boolean;
  /** The harvest season's first and last day, 'MM-DD' (shared/season.ts). */
  seasonStart: string;
  seasonFinish: string;
  /** The province the plant stands in (a plate's Thai name), or null: kiosks list it and its neighbours first. */
  province: string | null;
}

export const DEFAULT_YARD_SETTINGS: YardSettings = {
  noShowAfterRecalls: 3,
  noShowPolicy: 'requeue',
  dayStartMinutes: DEFAULT_DAY_START_MINUTES,
  calendar: DEFAULT_CALENDAR,
  calendarAllLanguages: false,
  language: '',
  rememberDefault: false,
  maskPlates: true,
  preferBrowserVoice: false,
  seasonStart: DEFAULT_HARVEST_SEASON.start,
  seasonFinish: DEFAULT_HARVEST_SEASON.finish,
  province: null,
};
export const NO_SHOW_RECALLS_MAX = 20;

/** Whether a called truck's card offers "no-show": it was recalled often enough. */
export function offersNoShow(recallCount: number, settings: YardSettings): boolean {
  return recallCount >= settings.noShowAfterRecalls;
}
