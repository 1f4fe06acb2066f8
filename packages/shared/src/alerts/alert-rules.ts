import {
  allowedActions,
  FLOW_ENGINE,
  isAtStation,
  isCalledState,
  isClosedState,
  isEndedState,
  isInLab,
  nextState,
  QUEUE_STATES,
  waitingStates,
  type QueueState,
} from '../queue/queue-machine.ts';

/**
 * The manager's alerts (issue 41): what a rule watches, its limits, and the quiet hours of a
 * person who gets them by LINE. One table: the server's evaluator, the rules' form and the
 * messages all read it.
 */

/**
 * What a rule watches. A truck's kinds time it from the moment its stage began:
 *  - waiting_call: waiting for its call (not in the lab), since it joined its line;
 *  - in_lab: its sample in the lab, since the lab took it;
 *  - at_station: called to a station and not done, since its latest call;
 *  - inside_plant: its ticket open and the truck not out of the gate, since its ticket;
 * a station's: station_idle, nothing called to it for the threshold while trucks wait for a call;
 * a device's: device_offline, a registered display, kiosk or scale not connected; printer_paper, a
 * kiosk's printer out of paper, jammed or not answering; a line's: cap_near, a class's share of the
 * day's first calls near its daily cap (its threshold a percent of the cap, not minutes) while a
 * truck of the class waits.
 */
export const ALERT_KINDS = [
  'waiting_call',
  'in_lab',
  'at_station',
  'inside_plant',
  'station_idle',
  'device_offline',
  'printer_paper',
  'cap_near',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** The kinds about one truck (their alert names its ticket). */
export const TRUCK_ALERT_KINDS = [
  'waiting_call',
  'in_lab',
  'at_station',
  'inside_plant',
] as const satisfies AlertKind[];

/** The kinds a queue type narrows (the trucks they time, or the trucks a station idles while). */
export function alertKindTakesQueueType(kind: AlertKind): boolean {
  return (
    (TRUCK_ALERT_KINDS as readonly string[]).includes(kind) || kind === 'station_idle' || kind === 'cap_near'
  );
}

/** What the kind is about: the alert's subject ('cap': a line's daily cap of one class). */
export function alertSubjectOf(kind: AlertKind): 'truck' | 'station' | 'device' | 'cap' {
  if ((TRUCK_ALERT_KINDS as readonly string[]).includes(kind)) return 'truck';
  if (kind === 'cap_near') return 'cap';
  return kind === 'station_idle' ? 'station' : 'device';
}

/** Whether the kind's threshold is a percent of a cap (cap_near) rather than minutes. */
export const alertKindTakesPercent = (kind: AlertKind): boolean => kind === 'cap_near';

/** A threshold: 1 minute to a day. */
export const ALERT_THRESHOLD_MINUTES = { min: 1, max: 1440 } as const;
/** cap_near's threshold: the percent of the cap used, half of it to all of it. */
export const ALERT_CAP_PERCENT = { min: 50, max: 100 } as const;
/** How often an alert no one has acknowledged is sent again by LINE: 0 (once) to a day. */
export const ALERT_REPEAT_MINUTES = { min: 0, max: 1440 } as const;

/** A time of day as the form and the wire write it ("22:00"), to minutes after midnight. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;
export function minutesOfTime(text: string): number | null {
  const m = TIME_OF_DAY.exec(text);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}
export function timeOfMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/**
 * Whether a minute of the day (site clock) falls in a person's quiet hours, start included, end
 * not; a start after the end runs over midnight (22:00 to 06:00). The same start and end: none.
 */
export function inQuietHours(minuteOfDay: number, start: number | null, end: number | null): boolean {
  if (start === null || end === null || start === end) return false;
  return start < end ? minuteOfDay >= start && minuteOfDay < end : minuteOfDay >= start || minuteOfDay < end;
}

/** What an alert says, in the words of the plant's LINE chat (Thai), from its facts. */
export interface AlertFacts {
  kind: AlertKind;
  /** Minutes since its stage began, as of now. */
  minutes: number;
  queueNumber?: string | null;
  truckLicense?: string | null;
  queueTypeName?: string | null;
  stationName?: string | null;
  deviceName?: string | null;
  /** printer_paper: the printer's health code. */
  health?: string | null;
  /** cap_near: the capped class's name, its share of the day's first calls and its cap (percent). */
  className?: string | null;
  sharePercent?: number | null;
  maxPercent?: number | null;
}

/** A percent as the chat writes it: whole, or with one decimal ("22.5"). */
const percentText = (value: number | null | undefined) =>
  value === null || value === undefined ? '-' : String(Math.round(value * 10) / 10);

const THAI_HEALTH: Record<string, string> = {
  paper_near_end: 'กระดาษใกล้หมด',
  paper_end: 'กระดาษหมด',
  cover_open: 'ฝาเปิด',
  jammed: 'กระดาษติด',
  offline: 'ออฟไลน์',
  error: 'ขัดข้อง',
  no_answer: 'ไม่ตอบสนอง',
  unreachable: 'เชื่อมต่อไม่ได้',
};

/** A kiosk printer's health that does not print until someone goes to it (printer_paper). */
export const PRINTER_ALERT_HEALTHS = [
  'paper_end',
  'cover_open',
  'offline',
  'error',
  'no_answer',
  'unreachable',
];

export function thaiAlertText(f: AlertFacts): string {
  const truck = `คิว ${f.queueNumber ?? '-'}${f.truckLicense ? ` (${f.truckLicense})` : ''}`;
  const type = f.queueTypeName ? ` ประเภท ${f.queueTypeName}` : '';
  switch (f.kind) {
    case 'waiting_call':
      return `${truck}${type} รอเรียกมาแล้ว ${f.minutes} นาที`;
    case 'in_lab':
      return `${truck}${type} อยู่ที่แล็บมาแล้ว ${f.minutes} นาที`;
    case 'at_station':
      return `${truck} อยู่ที่${f.stationName ? ` ${f.stationName}` : 'จุดบริการ'}มาแล้ว ${f.minutes} นาทีหลังเรียก`;
    case 'inside_plant':
      return `${truck}${type} อยู่ในโรงงานมาแล้ว ${f.minutes} นาที`;
    case 'station_idle':
      return `${f.stationName ?? 'จุดบริการ'} ไม่ได้เรียกคิวมา ${f.minutes} นาที ขณะที่มีรถรอ`;
    case 'device_offline':
      return `อุปกรณ์ ${f.deviceName ?? '-'} ออฟไลน์มาแล้ว ${f.minutes} นาที`;
    case 'printer_paper':
      return `เครื่องพิมพ์ของ ${f.deviceName ?? '-'}: ${THAI_HEALTH[f.health ?? ''] ?? 'ขัดข้อง'}`;
    case 'cap_near':
      return `ประเภท ${f.queueTypeName ?? '-'}: ${f.className ?? '-'} ถึง ${percentText(f.sharePercent)}% ของวันนี้ (เพดาน ${percentText(f.maxPercent)}%) มีรถรอ`;
  }
}

/** Past this many alerts of one rule in one look, a subscriber gets one message naming them. */
export const ALERT_DIGEST_FROM = 4;

/**
 * One LINE message for many alerts of one rule raised (or repeated) together: a rule set at a
 * harvest night's peak may match hundreds of trucks at once, and a message each would bury the
 * manager's chat (and spend the plant's LINE quota). Names the first few, counts the rest.
 */
export function thaiAlertDigest(
  kind: AlertKind,
  /** The rule's threshold: minutes, or for cap_near the percent of the cap. */
  threshold: number,
  alerts: readonly AlertFacts[],
  queueTypeName: string | null,
): string {
  const shown = 5;
  const rest = alerts.length > shown ? ` และอีก ${alerts.length - shown}` : '';
  const type = queueTypeName ? ` ประเภท ${queueTypeName}` : '';
  const over = `เกิน ${threshold} นาที`;
  const trucks = `: คิว ${alerts
    .slice(0, shown)
    .map((a) => a.queueNumber ?? '-')
    .join(', ')}${rest ? `${rest} คัน` : ''}`;
  const places = (name: (a: AlertFacts) => string | null | undefined, unit: string) =>
    `: ${alerts
      .slice(0, shown)
      .map((a) => name(a) ?? '-')
      .join(', ')}${rest ? `${rest} ${unit}` : ''}`;
  const n = alerts.length;
  switch (kind) {
    case 'waiting_call':
      return `รถ ${n} คัน${type} รอเรียก${over}${trucks}`;
    case 'in_lab':
      return `รถ ${n} คัน${type} อยู่ที่แล็บ${over}${trucks}`;
    case 'at_station':
      return `รถ ${n} คัน อยู่ที่จุดบริการ${over}หลังเรียก${trucks}`;
    case 'inside_plant':
      return `รถ ${n} คัน${type} อยู่ในโรงงาน${over}${trucks}`;
    case 'station_idle':
      return `จุดบริการ ${n} จุด ไม่ได้เรียกคิว${over} ขณะที่มีรถรอ${places((a) => a.stationName, 'จุด')}`;
    case 'device_offline':
      return `อุปกรณ์ ${n} เครื่อง ออฟไลน์${over}${places((a) => a.deviceName, 'เครื่อง')}`;
    case 'printer_paper':
      return `เครื่องพิมพ์ ${n} เครื่อง ขัดข้อง${places((a) => a.deviceName, 'เครื่อง')}`;
    case 'cap_near':
      return `เพดาน ${n} รายการ ใช้ไปถึง ${threshold}% แล้ว ขณะที่มีรถรอ${places(
        (a) =>
          `${a.queueTypeName ?? '-'} ${a.className ?? '-'} ${percentText(a.sharePercent)}/${percentText(a.maxPercent)}%`,
        'รายการ',
      )}`;
  }
}

/**
 * The states a truck alert times, by its line's flow: waiting for the call (its waiting states
 * but those the lab holds and those at a station), in the lab, at a station; inside_plant times
 * every open ticket (its truck not out, ended or not), so it has no list.
 */
export function truckAlertStates(
  kind: 'waiting_call' | 'in_lab' | 'at_station',
  flowEngineId: number,
): QueueState[] {
  const open = QUEUE_STATES.filter((s) => !isEndedState(s) && !isClosedState(s));
  if (kind === 'in_lab') return flowEngineId === FLOW_ENGINE.lab ? open.filter(isInLab) : [];
  if (kind === 'at_station')
    return open.filter((s) => isAtStation(s) && allowedActions(flowEngineId, s).length > 0);
  return waitingStates(flowEngineId).filter((s) => !isInLab(s) && !isAtStation(s));
}

/** The states in which a truck of the flow waits for an officer to call it (a station idles while it does). */
export function callableStates(flowEngineId: number): QueueState[] {
  return QUEUE_STATES.filter((s) => !isCalledState(s) && nextState(flowEngineId, s, 'call') !== null);
}
