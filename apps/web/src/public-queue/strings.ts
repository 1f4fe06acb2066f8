import { SLIP_TEXT, type SlipText } from '@truck-queue/shared/printing/slip-text';
import type { Language } from '../lib/languages.ts';
import type { StepLabel, StepStatus } from './progress.ts';

/**
 * The driver's page has its own few words, one plain object per language, so its bundle
 * carries neither i18next nor the back office's locale files.
 */
export interface Strings {
  /** The language's own name, for the switch. */
  languageName: string;
  language: string;
  yourQueue: string;
  queueType: string;
  product: string;
  timeTaken: string;
  progress: string;
  stepStatus: Record<StepStatus, string>;
  steps: Record<StepLabel, string>;
  /** The words after the big number of trucks ahead ("3" + "trucks ahead of you"). */
  aheadOfYou: (count: number) => string;
  youAreNext: string;
  /** The truck's class reached its daily cap (issue 38): it waits until there is room. */
  heldByCap: (className: string, percent: number, of: 'loads' | 'tonnes') => string;
  /** The expected wait for the call, in minutes (shared/queue/eta.ts): "about 30–45 min". */
  expectedWait: (low: number, high: number) => string;
  /** The same from two hours on, in whole hours. */
  expectedWaitHours: (low: number, high: number) => string;
  waiting: Record<'waitingCall' | 'waitingSample' | 'sampleInLab' | 'resultReady', string>;
  yourTurn: string;
  goTo: string;
  goToOfficer: string;
  recheckTitle: string;
  recheckAt: string;
  rejectedTitle: string;
  rejectedBody: string;
  finishedTitle: string;
  finishedBody: string;
  exitedTitle: string;
  exitedBody: string;
  /** Before the reason a load was sent to recheck or rejected for (the plant's own words). */
  reason: string;
  /** Under the number, after a transfer gave the ticket another: "was A001". */
  previousNumber: (number: string) => string;
  noShowTitle: string;
  noShowBody: string;
  voidedTitle: string;
  voidedBody: string;
  live: Record<'connecting' | 'live' | 'reconnecting', string>;
  updatedAt: (time: string) => string;
  notFoundTitle: string;
  notFoundBody: string;
  loadErrorTitle: string;
  loadErrorBody: string;
  retry: string;
  loading: string;
  /** The card with the ticket's QR code and barcode, for an officer's scanner at a counter. */
  counterCodes: string;
  counterCodesHint: string;
  /** Under the barcode: "Ticket code T-016JD". */
  ticketCode: (code: string) => string;
  qrLabel: string;
  barcodeLabel: (code: string) => string;
  /** The receiving slip, once the truck is weighed in and out (shared/printing/slip-text.ts). */
  slip: SlipText;
  /** Disputing the slip: the button, the form, and what became of it. */
  dispute: {
    open: string;
    label: string;
    placeholder: string;
    send: string;
    cancel: string;
    sent: (time: string) => string;
    waiting: string;
    answer: string;
    tooShort: string;
    alreadyOpen: string;
    failed: string;
    /** The note holds invisible characters or starts like a formula (DisputeTextSchema). */
    unreadable: string;
  };
  notify: NotifyStrings;
}

/** The "notify me" card (notify-card.tsx): Web Push on this phone, and the plant's LINE account. */
export interface NotifyStrings {
  title: string;
  intro: string;
  privacyTitle: string;
  /** When the plant wrote no notice of its own: what is kept, and for how long. */
  defaultNotice: (days: number) => string;
  consent: string;
  when: string;
  ahead: string;
  /** Beside the number: "3 trucks ahead". */
  aheadCount: (count: number) => string;
  fewer: string;
  more: string;
  called: string;
  lab: string;
  pickOne: string;
  turnOn: string;
  working: string;
  save: string;
  cancel: string;
  onTitle: string;
  /** The choices, one line each, under "on". */
  onAhead: (count: number) => string;
  onCalled: string;
  onLab: string;
  change: string;
  stop: string;
  stopped: string;
  denied: string;
  dismissed: string;
  failed: string;
  refused: string;
  notAllowed: string;
  tooMany: string;
  ended: string;
  network: string;
  ios: string;
  insecure: string;
  unsupported: string;
  lineTitle: string;
  lineButton: string;
  lineHint: string;
  lineQr: string;
  lineLinked: string;
}

/** Russian counts: 1 машина, 2-4 машины, 5+ машин (11-14 take the last form). */
function russianPlural(count: number, one: string, few: string, many: string): string {
  const tens = count % 100;
  const units = count % 10;
  if (units === 1 && tens !== 11) return one;
  if (units >= 2 && units <= 4 && (tens < 12 || tens > 14)) return few;
  return many;
}

const th: Strings = {
  languageName: 'ไทย',
  language: 'ภาษา',
  yourQueue: 'คิวของคุณ',
  queueType: 'ประเภทคิว',
  product: 'สินค้า',
  timeTaken: 'เวลารับบัตรคิว',
  progress: 'ความคืบหน้า',
  stepStatus: { done: 'เสร็จแล้ว', current: 'ขณะนี้', pending: 'ยังไม่ถึง' },
  steps: {
    ticketTaken: 'รับบัตรคิวแล้ว',
    waitingCall: 'รอเรียกคิว',
    waitingSample: 'รอเก็บตัวอย่าง',
    lab: 'ตรวจแล็บ',
    sampleInLab: 'กำลังตรวจแล็บ',
    resultReady: 'ผลแล็บออกแล้ว',
    labDone: 'ตรวจแล็บแล้ว',
    recheck: 'ตรวจซ้ำ',
    rejected: 'ไม่ผ่าน',
    call: 'เรียกเข้าสถานี',
    called: 'ถูกเรียกแล้ว',
    finish: 'เสร็จสิ้น',
    finished: 'เสร็จสิ้นแล้ว',
    left: 'ออกจากโรงงานแล้ว',
  },
  aheadOfYou: () => 'คันรออยู่ก่อนคุณ',
  youAreNext: 'คุณคือคิวถัดไป',
  heldByCap: (name, percent, of) =>
    `${name} ครบ ${percent} % ของ${of === 'loads' ? 'เที่ยวรถ' : 'น้ำหนัก'}วันนี้แล้ว รอเรียกเมื่อมีโควตาว่าง`,
  expectedWait: (low, high) => `คาดว่าจะถูกเรียกในอีกประมาณ ${low}–${high} นาที`,
  expectedWaitHours: (low, high) => `คาดว่าจะถูกเรียกในอีกประมาณ ${low}–${high} ชั่วโมง`,
  waiting: {
    waitingCall: 'กรุณารอเรียกคิว',
    waitingSample: 'รอเจ้าหน้าที่เก็บตัวอย่างส่งแล็บ',
    sampleInLab: 'ตัวอย่างของคุณอยู่ระหว่างการตรวจที่แล็บ',
    resultReady: 'ผลแล็บออกแล้ว กรุณารอเรียกคิว',
  },
  yourTurn: 'ถึงคิวของคุณแล้ว',
  goTo: 'กรุณาไปที่',
  goToOfficer: 'กรุณาไปยังจุดที่เจ้าหน้าที่แจ้ง',
  recheckTitle: 'ต้องตรวจซ้ำ',
  recheckAt: 'กรุณาไปตรวจซ้ำที่',
  rejectedTitle: 'ไม่ผ่านการตรวจ',
  rejectedBody: 'กรุณาติดต่อสำนักงาน',
  finishedTitle: 'เสร็จสิ้นแล้ว',
  finishedBody: 'กรุณาขับรถไปที่ตาชั่งหรือประตูทางออก',
  exitedTitle: 'คุณออกจากโรงงานแล้ว',
  exitedBody: 'ขอบคุณที่ใช้บริการ',
  reason: 'เหตุผล',
  previousNumber: (number) => `เดิม ${number}`,
  noShowTitle: 'คิวถูกยกเลิก เนื่องจากไม่มาตามเรียก',
  noShowBody: 'เจ้าหน้าที่เรียกคิวของคุณแล้วแต่รถไม่มาตามเรียก บัตรคิวนี้จึงถูกยกเลิก กรุณาติดต่อสำนักงานเพื่อรับบัตรคิวใหม่',
  voidedTitle: 'บัตรคิวนี้ถูกยกเลิก',
  voidedBody: 'บัตรคิวนี้ใช้ไม่ได้แล้ว กรุณาติดต่อสำนักงาน',
  live: { connecting: 'กำลังเชื่อมต่อ…', live: 'อัปเดตอัตโนมัติ', reconnecting: 'กำลังเชื่อมต่อใหม่…' },
  updatedAt: (time) => `อัปเดตล่าสุด ${time}`,
  notFoundTitle: 'ไม่พบคิวนี้',
  notFoundBody: 'กรุณาสแกน QR code บนบัตรคิวอีกครั้ง หรือสอบถามเจ้าหน้าที่',
  loadErrorTitle: 'โหลดข้อมูลไม่สำเร็จ',
  loadErrorBody: 'กรุณาตรวจสอบอินเทอร์เน็ต ระบบจะลองใหม่เองอัตโนมัติ',
  retry: 'ลองใหม่',
  loading: 'กำลังโหลด…',
  counterCodes: 'แสดงที่จุดบริการ',
  counterCodesHint: 'ที่แล็บ ตาชั่ง และประตูทางออก ให้เจ้าหน้าที่สแกนรหัสนี้จากหน้าจอโทรศัพท์ได้ หากไม่มีบัตรคิวกระดาษ',
  ticketCode: (code) => `รหัสบัตร ${code}`,
  qrLabel: 'QR code ของบัตรคิวนี้',
  barcodeLabel: (code) => `บาร์โค้ดรหัสบัตร ${code}`,
  slip: SLIP_TEXT.th,
  dispute: {
    open: 'ไม่เห็นด้วยกับใบรับสินค้านี้',
    label: 'แจ้งสิ่งที่ไม่ถูกต้อง',
    placeholder: 'เช่น น้ำหนักที่ชั่งที่สวนได้ 30,000 กก.',
    send: 'ส่งข้อโต้แย้ง',
    cancel: 'ยกเลิก',
    sent: (time) => `คุณส่งข้อโต้แย้งเมื่อ ${time}`,
    waiting: 'รอโรงงานตรวจสอบและตอบกลับ',
    answer: 'คำตอบจากโรงงาน',
    tooShort: 'กรุณาพิมพ์อย่างน้อย 3 ตัวอักษร',
    alreadyOpen: 'ข้อโต้แย้งก่อนหน้ายังรอคำตอบอยู่',
    failed: 'ส่งไม่สำเร็จ กรุณาลองใหม่',
    unreadable: 'ข้อความมีอักขระที่มองไม่เห็น หรือขึ้นต้นด้วย = + - @ กรุณาพิมพ์ใหม่',
  },
  notify: {
    title: 'แจ้งเตือนฉัน',
    intro: 'รับข้อความแจ้งเตือนบนโทรศัพท์เครื่องนี้เมื่อใกล้ถึงคิว โดยไม่ต้องเปิดหน้านี้ค้างไว้',
    privacyTitle: 'ประกาศความเป็นส่วนตัว',
    defaultNotice: (days) =>
      `เพื่อส่งการแจ้งเตือนถึงคุณ โรงงานจะเก็บที่อยู่สำหรับส่งการแจ้งเตือนของโทรศัพท์เครื่องนี้ ภาษาที่คุณเลือก และเวลาที่คุณต้องการให้แจ้ง โดยใช้กับบัตรคิวนี้เท่านั้น การแจ้งเตือนจะหยุดเมื่อรถของคุณออกจากโรงงาน และข้อมูลจะถูกลบภายใน ${days} วัน โรงงานไม่นำข้อมูลนี้ไปใช้เพื่อการอื่น`,
    consent: 'ฉันได้อ่านประกาศนี้แล้วและยินยอม',
    when: 'แจ้งฉันเมื่อ',
    ahead: 'ใกล้ถึงคิว',
    aheadCount: (count) => `เหลือรถก่อนหน้า ${count} คัน`,
    fewer: 'ลดจำนวนคัน',
    more: 'เพิ่มจำนวนคัน',
    called: 'ถูกเรียกคิว (พร้อมบอกสถานี)',
    lab: 'ผลแล็บออก',
    pickOne: 'กรุณาเลือกอย่างน้อยหนึ่งข้อ',
    turnOn: 'เปิดการแจ้งเตือน',
    working: 'กำลังดำเนินการ…',
    save: 'บันทึก',
    cancel: 'ยกเลิก',
    onTitle: 'เปิดการแจ้งเตือนแล้ว',
    onAhead: (count) => `เมื่อเหลือรถก่อนหน้า ${count} คัน`,
    onCalled: 'เมื่อถูกเรียกคิว',
    onLab: 'เมื่อผลแล็บออก',
    change: 'เปลี่ยน',
    stop: 'หยุดแจ้งเตือน',
    stopped: 'ปิดการแจ้งเตือนแล้ว',
    denied: 'เบราว์เซอร์บล็อกการแจ้งเตือนจากเว็บนี้ไว้ กรุณาอนุญาตการแจ้งเตือนในการตั้งค่าเว็บไซต์ของเบราว์เซอร์ แล้วลองอีกครั้ง',
    dismissed: 'ยังไม่ได้อนุญาตการแจ้งเตือน กรุณากดปุ่มอีกครั้งแล้วเลือก "อนุญาต"',
    failed: 'เบราว์เซอร์นี้เปิดการแจ้งเตือนไม่สำเร็จ กรุณาลองอีกครั้ง หรือใช้เบราว์เซอร์อื่น เช่น Chrome',
    refused: 'ระบบของโรงงานไม่รับการลงทะเบียน กรุณาลองใหม่ภายหลัง',
    notAllowed: 'โรงงานไม่รองรับบริการแจ้งเตือนของเบราว์เซอร์นี้ กรุณาใช้ Chrome หรือ Firefox',
    tooMany: 'บัตรคิวนี้เปิดการแจ้งเตือนครบจำนวนเครื่องแล้ว',
    ended: 'บัตรคิวนี้สิ้นสุดแล้ว จึงไม่มีการแจ้งเตือนอีก',
    network: 'เชื่อมต่อเซิร์ฟเวอร์ไม่ได้ กรุณาตรวจสอบสัญญาณแล้วลองอีกครั้ง',
    ios: 'บน iPhone ต้องเพิ่มหน้านี้ไว้ที่หน้าจอโฮมก่อนจึงจะรับการแจ้งเตือนได้ กด "แชร์" แล้วเลือก "เพิ่มไปยังหน้าจอโฮม" จากนั้นเปิดคิวจากไอคอนนั้น',
    insecure: 'การแจ้งเตือนใช้ได้เฉพาะเมื่อเปิดหน้านี้ผ่านการเชื่อมต่อที่ปลอดภัย (https) กรุณาสอบถามที่อยู่เว็บจากเจ้าหน้าที่',
    unsupported: 'เบราว์เซอร์นี้แสดงการแจ้งเตือนไม่ได้ กรุณาเปิดหน้านี้ใน Chrome, Firefox หรือ Edge',
    lineTitle: 'ติดตามทาง LINE',
    lineButton: 'ติดตามทาง LINE',
    lineHint: 'เปิดแชท LINE ของโรงงาน โดยพิมพ์รหัสบัตรคิวไว้ให้แล้ว เพียงกดส่ง',
    lineQr: 'QR code สำหรับแชท LINE ของโรงงาน',
    lineLinked: 'LINE กำลังติดตามบัตรคิวนี้อยู่',
  },
};

const en: Strings = {
  languageName: 'English',
  language: 'Language',
  yourQueue: 'Your queue',
  queueType: 'Queue type',
  product: 'Product',
  timeTaken: 'Ticket taken at',
  progress: 'Progress',
  stepStatus: { done: 'Done', current: 'Now', pending: 'Not yet' },
  steps: {
    ticketTaken: 'Ticket taken',
    waitingCall: 'Waiting for call',
    waitingSample: 'Waiting for sampling',
    lab: 'Lab check',
    sampleInLab: 'Sample in the lab',
    resultReady: 'Lab result ready',
    labDone: 'Lab checked',
    recheck: 'Recheck',
    rejected: 'Rejected',
    call: 'Call to station',
    called: 'Called',
    finish: 'Finish',
    finished: 'Finished',
    left: 'Left the factory',
  },
  aheadOfYou: (count) => (count === 1 ? 'truck ahead of you' : 'trucks ahead of you'),
  youAreNext: 'You are next',
  heldByCap: (name, percent, of) =>
    `${name} has reached its ${percent} % of today's ${of === 'loads' ? 'loads' : 'tonnage'}: you are called when there is room`,
  expectedWait: (low, high) => `Expected call in about ${low}–${high} min`,
  expectedWaitHours: (low, high) => `Expected call in about ${low}–${high} hours`,
  waiting: {
    waitingCall: 'Please wait for your call',
    waitingSample: 'Waiting for an officer to take your sample to the lab',
    sampleInLab: 'Your sample is being tested in the lab',
    resultReady: 'The lab result is ready. Please wait for your call',
  },
  yourTurn: 'It is your turn',
  goTo: 'Please go to',
  goToOfficer: 'Please go where the officer tells you',
  recheckTitle: 'Recheck needed',
  recheckAt: 'Please go for a recheck at',
  rejectedTitle: 'Rejected',
  rejectedBody: 'Please contact the office',
  finishedTitle: 'Finished',
  finishedBody: 'Please drive to the weighbridge or the exit gate',
  exitedTitle: 'You have left the factory',
  exitedBody: 'Thank you',
  reason: 'Reason',
  previousNumber: (number) => `was ${number}`,
  noShowTitle: 'Cancelled: you did not come when called',
  noShowBody:
    'Your queue was called but your truck did not arrive, so this ticket was cancelled. Please contact the office for a new ticket',
  voidedTitle: 'This ticket was cancelled',
  voidedBody: 'This ticket is no longer valid. Please contact the office',
  live: { connecting: 'Connecting…', live: 'Live', reconnecting: 'Reconnecting…' },
  updatedAt: (time) => `Updated ${time}`,
  notFoundTitle: 'Queue not found',
  notFoundBody: 'Please scan the QR code on your ticket again or ask an officer',
  loadErrorTitle: 'Could not load your queue',
  loadErrorBody: 'Please check your internet connection. The page will try again by itself',
  retry: 'Try again',
  loading: 'Loading…',
  counterCodes: 'Show at the counter',
  counterCodesHint:
    'At the lab, the weighbridge and the gate, the officer can scan these from your phone if you do not have the paper ticket.',
  ticketCode: (code) => `Ticket code ${code}`,
  qrLabel: 'QR code of this ticket',
  barcodeLabel: (code) => `Barcode of ticket code ${code}`,
  slip: SLIP_TEXT.en,
  dispute: {
    open: 'I disagree with this slip',
    label: 'What is wrong',
    placeholder: 'e.g. the farm scale read 30,000 kg',
    send: 'Send dispute',
    cancel: 'Cancel',
    sent: (time) => `You sent a dispute at ${time}`,
    waiting: 'Waiting for the plant to look into it',
    answer: "The plant's answer",
    tooShort: 'Please write at least 3 characters',
    alreadyOpen: 'Your earlier dispute is still waiting for an answer',
    failed: 'It could not be sent. Please try again.',
    unreadable: 'The note holds invisible characters or starts with = + - @. Please type it again.',
  },
  notify: {
    title: 'Notify me',
    intro: 'Get a notification on this phone when your turn is near, without keeping this page open.',
    privacyTitle: 'Privacy notice',
    defaultNotice: (days) =>
      `To notify you, the plant keeps this phone's notification address, the language you chose and when you want to be told, for this ticket only. Notifications stop when your truck leaves the plant, and the data is erased within ${days} days. It is used for nothing else.`,
    consent: 'I have read this notice and agree',
    when: 'Tell me when',
    ahead: 'My turn is near',
    aheadCount: (count) => (count === 1 ? '1 truck ahead' : `${count} trucks ahead`),
    fewer: 'Fewer trucks',
    more: 'More trucks',
    called: 'I am called (with the station)',
    lab: 'The lab result is out',
    pickOne: 'Choose at least one.',
    turnOn: 'Turn on notifications',
    working: 'Working…',
    save: 'Save',
    cancel: 'Cancel',
    onTitle: 'Notifications are on',
    onAhead: (count) => (count === 1 ? 'At 1 truck ahead' : `At ${count} trucks ahead`),
    onCalled: 'When you are called',
    onLab: 'When the lab result is out',
    change: 'Change',
    stop: 'Stop',
    stopped: 'Notifications are off.',
    denied:
      "Notifications are blocked for this site. Allow them in the browser's site settings, then try again.",
    dismissed: 'Notifications were not allowed. Tap the button again and choose Allow.',
    failed: 'This browser could not turn on notifications. Try again, or use another browser such as Chrome.',
    refused: "The plant's server did not accept this. Please try again later.",
    notAllowed:
      "This browser's notification service is not accepted by the plant. Please use Chrome or Firefox.",
    tooMany: 'This ticket already notifies as many phones as it can.',
    ended: 'This ticket has ended: there is nothing more to notify.',
    network: 'No connection to the server. Check the signal and try again.',
    ios: 'On iPhone, notifications work only from the Home Screen: tap Share, choose "Add to Home Screen", then open your queue from that icon.',
    insecure:
      'Notifications work only when this page is opened over a secure (https) connection. Ask the staff for the address.',
    unsupported: 'This browser cannot show notifications. Open this page in Chrome, Firefox or Edge.',
    lineTitle: 'Follow on LINE',
    lineButton: 'Follow on LINE',
    lineHint: "Opens the plant's LINE chat with your ticket's code typed in: just send it.",
    lineQr: "QR code of the plant's LINE chat",
    lineLinked: 'LINE is following this ticket.',
  },
};

const es: Strings = {
  languageName: 'Español',
  language: 'Idioma',
  yourQueue: 'Su turno',
  queueType: 'Tipo de cola',
  product: 'Producto',
  timeTaken: 'Hora del ticket',
  progress: 'Progreso',
  stepStatus: { done: 'Hecho', current: 'Ahora', pending: 'Pendiente' },
  steps: {
    ticketTaken: 'Ticket recibido',
    waitingCall: 'Esperando llamada',
    waitingSample: 'Esperando muestreo',
    lab: 'Laboratorio',
    sampleInLab: 'Muestra en laboratorio',
    resultReady: 'Resultado listo',
    labDone: 'Laboratorio hecho',
    recheck: 'Nueva revisión',
    rejected: 'Rechazado',
    call: 'Llamada a estación',
    called: 'Llamado',
    finish: 'Fin',
    finished: 'Terminado',
    left: 'Salió de la fábrica',
  },
  aheadOfYou: (count) => (count === 1 ? 'camión delante de usted' : 'camiones delante de usted'),
  youAreNext: 'Usted es el siguiente',
  heldByCap: (name, percent, of) =>
    `${name} alcanzó su ${percent} % de ${of === 'loads' ? 'las cargas' : 'las toneladas'} de hoy: le llamarán cuando haya cupo`,
  expectedWait: (low, high) => `Llamada prevista en unos ${low}–${high} min`,
  expectedWaitHours: (low, high) => `Llamada prevista en unas ${low}–${high} horas`,
  waiting: {
    waitingCall: 'Espere su llamada, por favor',
    waitingSample: 'Esperando que un empleado lleve su muestra al laboratorio',
    sampleInLab: 'Su muestra se está analizando en el laboratorio',
    resultReady: 'El resultado está listo. Espere su llamada, por favor',
  },
  yourTurn: 'Es su turno',
  goTo: 'Diríjase a',
  goToOfficer: 'Diríjase al lugar que le indique el personal',
  recheckTitle: 'Se necesita una nueva revisión',
  recheckAt: 'Diríjase para una nueva revisión a',
  rejectedTitle: 'Rechazado',
  rejectedBody: 'Póngase en contacto con la oficina',
  finishedTitle: 'Terminado',
  finishedBody: 'Conduzca hasta la báscula o la puerta de salida',
  exitedTitle: 'Ha salido de la fábrica',
  exitedBody: 'Gracias',
  reason: 'Motivo',
  previousNumber: (number) => `antes ${number}`,
  noShowTitle: 'Cancelado: no se presentó al ser llamado',
  noShowBody:
    'Su turno fue llamado pero su camión no llegó, por eso este ticket fue cancelado. Diríjase a la oficina para obtener uno nuevo',
  voidedTitle: 'Este ticket fue anulado',
  voidedBody: 'Este ticket ya no es válido. Póngase en contacto con la oficina',
  live: { connecting: 'Conectando…', live: 'En directo', reconnecting: 'Reconectando…' },
  updatedAt: (time) => `Actualizado ${time}`,
  notFoundTitle: 'Turno no encontrado',
  notFoundBody: 'Escanee de nuevo el código QR de su ticket o pregunte al personal',
  loadErrorTitle: 'No se pudo cargar su turno',
  loadErrorBody: 'Compruebe su conexión a internet. La página lo intentará de nuevo sola',
  retry: 'Reintentar',
  loading: 'Cargando…',
  counterCodes: 'Mostrar en el mostrador',
  counterCodesHint:
    'En el laboratorio, la báscula y la salida, el encargado puede escanear estos códigos en su teléfono si no tiene el ticket de papel.',
  ticketCode: (code) => `Código del ticket ${code}`,
  qrLabel: 'Código QR de este ticket',
  barcodeLabel: (code) => `Código de barras del ticket ${code}`,
  slip: SLIP_TEXT.es,
  dispute: {
    open: 'No estoy de acuerdo con este comprobante',
    label: 'Qué está mal',
    placeholder: 'p. ej. la báscula de la finca marcó 30.000 kg',
    send: 'Enviar reclamación',
    cancel: 'Cancelar',
    sent: (time) => `Reclamación enviada a las ${time}`,
    waiting: 'La planta la está revisando',
    answer: 'Respuesta de la planta',
    tooShort: 'Escriba al menos 3 caracteres',
    alreadyOpen: 'Su reclamación anterior aún espera respuesta',
    failed: 'No se pudo enviar. Inténtelo de nuevo.',
    unreadable: 'La nota contiene caracteres invisibles o empieza por = + - @. Escríbala de nuevo.',
  },
  notify: {
    title: 'Avisarme',
    intro: 'Reciba un aviso en este teléfono cuando se acerque su turno, sin dejar esta página abierta.',
    privacyTitle: 'Aviso de privacidad',
    defaultNotice: (days) =>
      `Para avisarle, la planta guarda la dirección de notificaciones de este teléfono, el idioma elegido y cuándo quiere recibir avisos, solo para este turno. Los avisos terminan cuando su camión sale de la planta y los datos se borran en un plazo de ${days} días. No se usan para nada más.`,
    consent: 'He leído este aviso y acepto',
    when: 'Avisarme cuando',
    ahead: 'Se acerque mi turno',
    aheadCount: (count) => (count === 1 ? 'falte 1 camión' : `falten ${count} camiones`),
    fewer: 'Menos camiones',
    more: 'Más camiones',
    called: 'Me llamen (con la estación)',
    lab: 'Salga el resultado del laboratorio',
    pickOne: 'Elija al menos una opción.',
    turnOn: 'Activar avisos',
    working: 'Un momento…',
    save: 'Guardar',
    cancel: 'Cancelar',
    onTitle: 'Avisos activados',
    onAhead: (count) => (count === 1 ? 'Cuando falte 1 camión' : `Cuando falten ${count} camiones`),
    onCalled: 'Cuando le llamen',
    onLab: 'Cuando salga el resultado del laboratorio',
    change: 'Cambiar',
    stop: 'Desactivar',
    stopped: 'Avisos desactivados.',
    denied:
      'Las notificaciones están bloqueadas para este sitio. Permítalas en la configuración del sitio del navegador y vuelva a intentarlo.',
    dismissed: 'No se permitieron las notificaciones. Pulse el botón de nuevo y elija Permitir.',
    failed:
      'Este navegador no pudo activar los avisos. Inténtelo de nuevo o use otro navegador, como Chrome.',
    refused: 'El servidor de la planta no lo aceptó. Inténtelo más tarde.',
    notAllowed: 'La planta no acepta el servicio de notificaciones de este navegador. Use Chrome o Firefox.',
    tooMany: 'Este turno ya avisa al máximo de teléfonos.',
    ended: 'Este turno ha terminado: no hay nada más que avisar.',
    network: 'Sin conexión con el servidor. Compruebe la señal y vuelva a intentarlo.',
    ios: 'En iPhone, los avisos solo funcionan desde la pantalla de inicio: pulse Compartir, elija «Añadir a pantalla de inicio» y abra su turno desde ese icono.',
    insecure:
      'Los avisos solo funcionan si esta página se abre con una conexión segura (https). Pida la dirección al personal.',
    unsupported: 'Este navegador no puede mostrar avisos. Abra esta página en Chrome, Firefox o Edge.',
    lineTitle: 'Seguir en LINE',
    lineButton: 'Seguir en LINE',
    lineHint: 'Abre el chat de LINE de la planta con el código de su turno ya escrito: solo envíelo.',
    lineQr: 'Código QR del chat de LINE de la planta',
    lineLinked: 'LINE está siguiendo este turno.',
  },
};

const de: Strings = {
  languageName: 'Deutsch',
  language: 'Sprache',
  yourQueue: 'Ihre Wartenummer',
  queueType: 'Warteschlange',
  product: 'Produkt',
  timeTaken: 'Ticket gezogen um',
  progress: 'Fortschritt',
  stepStatus: { done: 'Erledigt', current: 'Jetzt', pending: 'Noch nicht' },
  steps: {
    ticketTaken: 'Ticket gezogen',
    waitingCall: 'Warten auf Aufruf',
    waitingSample: 'Warten auf Probenahme',
    lab: 'Laborprüfung',
    sampleInLab: 'Probe im Labor',
    resultReady: 'Laborergebnis da',
    labDone: 'Labor geprüft',
    recheck: 'Nachprüfung',
    rejected: 'Abgelehnt',
    call: 'Aufruf zur Station',
    called: 'Aufgerufen',
    finish: 'Abschluss',
    finished: 'Abgeschlossen',
    left: 'Werk verlassen',
  },
  aheadOfYou: () => 'Lkw vor Ihnen',
  youAreNext: 'Sie sind als Nächstes dran',
  heldByCap: (name, percent, of) =>
    `${name} hat heute ${percent} % der ${of === 'loads' ? 'Fuhren' : 'Tonnage'} erreicht: Sie werden aufgerufen, sobald wieder Platz ist`,
  expectedWait: (low, high) => `Aufruf voraussichtlich in etwa ${low}–${high} Min.`,
  expectedWaitHours: (low, high) => `Aufruf voraussichtlich in etwa ${low}–${high} Stunden`,
  waiting: {
    waitingCall: 'Bitte warten Sie auf Ihren Aufruf',
    waitingSample: 'Warten, bis Ihre Probe ins Labor gebracht wird',
    sampleInLab: 'Ihre Probe wird im Labor geprüft',
    resultReady: 'Das Laborergebnis liegt vor. Bitte warten Sie auf Ihren Aufruf',
  },
  yourTurn: 'Sie sind dran',
  goTo: 'Bitte fahren Sie zu',
  goToOfficer: 'Bitte fahren Sie dorthin, wo das Personal Sie hinweist',
  recheckTitle: 'Nachprüfung nötig',
  recheckAt: 'Bitte fahren Sie zur Nachprüfung:',
  rejectedTitle: 'Abgelehnt',
  rejectedBody: 'Bitte wenden Sie sich an das Büro',
  finishedTitle: 'Abgeschlossen',
  finishedBody: 'Bitte fahren Sie zur Waage oder zum Ausfahrtstor',
  exitedTitle: 'Sie haben das Werk verlassen',
  exitedBody: 'Vielen Dank',
  reason: 'Grund',
  previousNumber: (number) => `vorher ${number}`,
  noShowTitle: 'Storniert: nicht zum Aufruf erschienen',
  noShowBody:
    'Ihre Nummer wurde aufgerufen, Ihr Lkw kam aber nicht. Das Ticket wurde deshalb storniert. Bitte holen Sie sich im Büro ein neues Ticket',
  voidedTitle: 'Dieses Ticket wurde annulliert',
  voidedBody: 'Dieses Ticket ist nicht mehr gültig. Bitte wenden Sie sich an das Büro',
  live: { connecting: 'Verbinden…', live: 'Live', reconnecting: 'Neu verbinden…' },
  updatedAt: (time) => `Aktualisiert ${time}`,
  notFoundTitle: 'Wartenummer nicht gefunden',
  notFoundBody: 'Bitte scannen Sie den QR-Code auf Ihrem Ticket erneut oder fragen Sie das Personal',
  loadErrorTitle: 'Laden fehlgeschlagen',
  loadErrorBody: 'Bitte prüfen Sie Ihre Internetverbindung. Die Seite versucht es selbst erneut',
  retry: 'Erneut versuchen',
  loading: 'Wird geladen…',
  counterCodes: 'Am Schalter vorzeigen',
  counterCodesHint:
    'Im Labor, an der Waage und am Tor kann das Personal diese Codes von Ihrem Telefon scannen, falls Sie das Papierticket nicht haben.',
  ticketCode: (code) => `Ticketcode ${code}`,
  qrLabel: 'QR-Code dieses Tickets',
  barcodeLabel: (code) => `Barcode des Ticketcodes ${code}`,
  slip: SLIP_TEXT.de,
  dispute: {
    open: 'Ich bin mit diesem Schein nicht einverstanden',
    label: 'Was ist falsch',
    placeholder: 'z. B. die Hofwaage zeigte 30.000 kg',
    send: 'Einspruch senden',
    cancel: 'Abbrechen',
    sent: (time) => `Einspruch gesendet um ${time}`,
    waiting: 'Das Werk prüft ihn noch',
    answer: 'Antwort des Werks',
    tooShort: 'Bitte mindestens 3 Zeichen schreiben',
    alreadyOpen: 'Ihr früherer Einspruch wartet noch auf Antwort',
    failed: 'Senden fehlgeschlagen. Bitte erneut versuchen.',
    unreadable: 'Die Notiz enthält unsichtbare Zeichen oder beginnt mit = + - @. Bitte neu eingeben.',
  },
  notify: {
    title: 'Benachrichtigen',
    intro:
      'Erhalten Sie auf diesem Telefon eine Nachricht, wenn Sie bald dran sind – ohne diese Seite offen zu halten.',
    privacyTitle: 'Datenschutzhinweis',
    defaultNotice: (days) =>
      `Für die Benachrichtigung speichert das Werk die Benachrichtigungsadresse dieses Telefons, die gewählte Sprache und wann Sie benachrichtigt werden möchten, nur für diese Nummer. Die Benachrichtigungen enden, wenn Ihr Lkw das Werk verlässt; die Daten werden innerhalb von ${days} Tagen gelöscht. Sie werden für nichts anderes verwendet.`,
    consent: 'Ich habe den Hinweis gelesen und stimme zu',
    when: 'Benachrichtigen, wenn',
    ahead: 'ich bald dran bin',
    aheadCount: (count) => `noch ${count} Lkw vor mir`,
    fewer: 'Weniger Lkw',
    more: 'Mehr Lkw',
    called: 'ich aufgerufen werde (mit Station)',
    lab: 'das Laborergebnis vorliegt',
    pickOne: 'Bitte mindestens eine Option wählen.',
    turnOn: 'Benachrichtigungen einschalten',
    working: 'Einen Moment…',
    save: 'Speichern',
    cancel: 'Abbrechen',
    onTitle: 'Benachrichtigungen sind an',
    onAhead: (count) => `Bei noch ${count} Lkw vor Ihnen`,
    onCalled: 'Beim Aufruf',
    onLab: 'Wenn das Laborergebnis vorliegt',
    change: 'Ändern',
    stop: 'Ausschalten',
    stopped: 'Benachrichtigungen sind aus.',
    denied:
      'Benachrichtigungen sind für diese Seite blockiert. Erlauben Sie sie in den Website-Einstellungen des Browsers und versuchen Sie es erneut.',
    dismissed:
      'Benachrichtigungen wurden nicht erlaubt. Tippen Sie erneut auf die Schaltfläche und wählen Sie „Zulassen“.',
    failed:
      'Dieser Browser konnte Benachrichtigungen nicht einschalten. Versuchen Sie es erneut oder nutzen Sie einen anderen Browser wie Chrome.',
    refused: 'Der Server des Werks hat das nicht angenommen. Bitte später erneut versuchen.',
    notAllowed:
      'Das Werk nimmt den Benachrichtigungsdienst dieses Browsers nicht an. Bitte Chrome oder Firefox verwenden.',
    tooMany: 'Diese Nummer benachrichtigt bereits so viele Telefone wie möglich.',
    ended: 'Diese Nummer ist abgeschlossen: Es gibt nichts mehr zu melden.',
    network: 'Keine Verbindung zum Server. Prüfen Sie den Empfang und versuchen Sie es erneut.',
    ios: 'Auf dem iPhone funktionieren Benachrichtigungen nur vom Home-Bildschirm: Tippen Sie auf „Teilen“, wählen Sie „Zum Home-Bildschirm“ und öffnen Sie Ihre Nummer über dieses Symbol.',
    insecure:
      'Benachrichtigungen funktionieren nur, wenn diese Seite über eine sichere Verbindung (https) geöffnet ist. Fragen Sie das Personal nach der Adresse.',
    unsupported:
      'Dieser Browser kann keine Benachrichtigungen anzeigen. Öffnen Sie diese Seite in Chrome, Firefox oder Edge.',
    lineTitle: 'Auf LINE folgen',
    lineButton: 'Auf LINE folgen',
    lineHint: 'Öffnet den LINE-Chat des Werks mit Ihrem Nummerncode bereits eingetippt: einfach senden.',
    lineQr: 'QR-Code des LINE-Chats des Werks',
    lineLinked: 'LINE folgt dieser Nummer.',
  },
};

const it: Strings = {
  languageName: 'Italiano',
  language: 'Lingua',
  yourQueue: 'Il suo turno',
  queueType: 'Tipo di coda',
  product: 'Prodotto',
  timeTaken: 'Biglietto preso alle',
  progress: 'Avanzamento',
  stepStatus: { done: 'Fatto', current: 'Adesso', pending: 'Non ancora' },
  steps: {
    ticketTaken: 'Biglietto preso',
    waitingCall: 'In attesa di chiamata',
    waitingSample: 'In attesa di campionamento',
    lab: 'Laboratorio',
    sampleInLab: 'Campione in laboratorio',
    resultReady: 'Risultato pronto',
    labDone: 'Laboratorio fatto',
    recheck: 'Ricontrollo',
    rejected: 'Respinto',
    call: 'Chiamata alla stazione',
    called: 'Chiamato',
    finish: 'Fine',
    finished: 'Terminato',
    left: 'Uscito dallo stabilimento',
  },
  aheadOfYou: () => 'camion prima di Lei',
  youAreNext: 'Lei è il prossimo',
  heldByCap: (name, percent, of) =>
    `${name} ha raggiunto il ${percent} % ${of === 'loads' ? 'dei carichi' : 'delle tonnellate'} di oggi: sarà chiamato quando ci sarà posto`,
  expectedWait: (low, high) => `Chiamata prevista tra circa ${low}–${high} min`,
  expectedWaitHours: (low, high) => `Chiamata prevista tra circa ${low}–${high} ore`,
  waiting: {
    waitingCall: 'Attenda la chiamata, per favore',
    waitingSample: 'In attesa che il personale porti il campione in laboratorio',
    sampleInLab: 'Il suo campione è in analisi in laboratorio',
    resultReady: 'Il risultato è pronto. Attenda la chiamata, per favore',
  },
  yourTurn: 'È il suo turno',
  goTo: 'Si rechi a',
  goToOfficer: 'Si rechi dove le indica il personale',
  recheckTitle: 'Serve un ricontrollo',
  recheckAt: 'Si rechi per il ricontrollo a',
  rejectedTitle: 'Respinto',
  rejectedBody: "Contatti l'ufficio, per favore",
  finishedTitle: 'Terminato',
  finishedBody: "Guidi fino alla pesa o al cancello d'uscita",
  exitedTitle: 'È uscito dallo stabilimento',
  exitedBody: 'Grazie',
  reason: 'Motivo',
  previousNumber: (number) => `prima ${number}`,
  noShowTitle: 'Annullato: non si è presentato alla chiamata',
  noShowBody:
    'Il suo turno è stato chiamato ma il camion non è arrivato, quindi questo biglietto è stato annullato. Per un nuovo biglietto si rivolga agli uffici',
  voidedTitle: 'Questo biglietto è stato annullato',
  voidedBody: 'Questo biglietto non è più valido. Si rivolga agli uffici',
  live: { connecting: 'Connessione…', live: 'In diretta', reconnecting: 'Riconnessione…' },
  updatedAt: (time) => `Aggiornato alle ${time}`,
  notFoundTitle: 'Turno non trovato',
  notFoundBody: 'Scansioni di nuovo il codice QR del biglietto o chieda al personale',
  loadErrorTitle: 'Impossibile caricare il turno',
  loadErrorBody: 'Controlli la connessione a internet. La pagina riproverà da sola',
  retry: 'Riprova',
  loading: 'Caricamento…',
  counterCodes: 'Mostra allo sportello',
  counterCodesHint:
    "Al laboratorio, alla pesa e al cancello, l'addetto può scansionare questi codici dal telefono se non hai il biglietto di carta.",
  ticketCode: (code) => `Codice biglietto ${code}`,
  qrLabel: 'Codice QR di questo biglietto',
  barcodeLabel: (code) => `Codice a barre del biglietto ${code}`,
  slip: SLIP_TEXT.it,
  dispute: {
    open: 'Non sono d’accordo con questa ricevuta',
    label: 'Cosa non va',
    placeholder: 'es. la bilancia in azienda segnava 30.000 kg',
    send: 'Invia contestazione',
    cancel: 'Annulla',
    sent: (time) => `Contestazione inviata alle ${time}`,
    waiting: 'Lo stabilimento la sta verificando',
    answer: 'Risposta dello stabilimento',
    tooShort: 'Scrivi almeno 3 caratteri',
    alreadyOpen: 'La tua contestazione precedente attende ancora risposta',
    failed: 'Invio non riuscito. Riprova.',
    unreadable: 'La nota contiene caratteri invisibili o inizia con = + - @. Digitala di nuovo.',
  },
  notify: {
    title: 'Avvisami',
    intro:
      'Ricevi un avviso su questo telefono quando il tuo turno si avvicina, senza tenere aperta questa pagina.',
    privacyTitle: 'Informativa sulla privacy',
    defaultNotice: (days) =>
      `Per avvisarti, lo stabilimento conserva l'indirizzo di notifica di questo telefono, la lingua scelta e quando vuoi essere avvisato, solo per questo numero. Gli avvisi finiscono quando il camion lascia lo stabilimento e i dati vengono cancellati entro ${days} giorni. Non sono usati per altro.`,
    consent: "Ho letto l'informativa e acconsento",
    when: 'Avvisami quando',
    ahead: 'il mio turno si avvicina',
    aheadCount: (count) => (count === 1 ? 'manca 1 camion' : `mancano ${count} camion`),
    fewer: 'Meno camion',
    more: 'Più camion',
    called: 'vengo chiamato (con la stazione)',
    lab: 'esce il risultato del laboratorio',
    pickOne: "Scegli almeno un'opzione.",
    turnOn: 'Attiva gli avvisi',
    working: 'Un momento…',
    save: 'Salva',
    cancel: 'Annulla',
    onTitle: 'Avvisi attivi',
    onAhead: (count) => (count === 1 ? 'Quando manca 1 camion' : `Quando mancano ${count} camion`),
    onCalled: 'Quando vieni chiamato',
    onLab: 'Quando esce il risultato del laboratorio',
    change: 'Modifica',
    stop: 'Disattiva',
    stopped: 'Avvisi disattivati.',
    denied:
      'Le notifiche sono bloccate per questo sito. Consentile nelle impostazioni del sito del browser, poi riprova.',
    dismissed: 'Le notifiche non sono state consentite. Tocca di nuovo il pulsante e scegli Consenti.',
    failed:
      'Questo browser non è riuscito ad attivare gli avvisi. Riprova o usa un altro browser, come Chrome.',
    refused: 'Il server dello stabilimento non ha accettato la richiesta. Riprova più tardi.',
    notAllowed:
      'Lo stabilimento non accetta il servizio di notifiche di questo browser. Usa Chrome o Firefox.',
    tooMany: 'Questo numero avvisa già il massimo di telefoni.',
    ended: 'Questo numero è concluso: non ci sono altri avvisi.',
    network: 'Nessuna connessione al server. Controlla il segnale e riprova.',
    ios: 'Su iPhone gli avvisi funzionano solo dalla schermata Home: tocca Condividi, scegli «Aggiungi alla schermata Home» e apri il tuo numero da quell’icona.',
    insecure:
      'Gli avvisi funzionano solo se questa pagina è aperta con una connessione sicura (https). Chiedi l’indirizzo al personale.',
    unsupported: 'Questo browser non può mostrare avvisi. Apri questa pagina in Chrome, Firefox o Edge.',
    lineTitle: 'Segui su LINE',
    lineButton: 'Segui su LINE',
    lineHint:
      'Apre la chat LINE dello stabilimento con il codice del tuo numero già scritto: basta inviarlo.',
    lineQr: 'Codice QR della chat LINE dello stabilimento',
    lineLinked: 'LINE sta seguendo questo numero.',
  },
};

const ru: Strings = {
  languageName: 'Русский',
  language: 'Язык',
  yourQueue: 'Ваша очередь',
  queueType: 'Тип очереди',
  product: 'Продукт',
  timeTaken: 'Талон получен',
  progress: 'Ход обработки',
  stepStatus: { done: 'Готово', current: 'Сейчас', pending: 'Ещё нет' },
  steps: {
    ticketTaken: 'Талон получен',
    waitingCall: 'Ожидание вызова',
    waitingSample: 'Ожидание отбора пробы',
    lab: 'Лаборатория',
    sampleInLab: 'Проба в лаборатории',
    resultReady: 'Результат готов',
    labDone: 'Лаборатория пройдена',
    recheck: 'Повторная проверка',
    rejected: 'Отклонено',
    call: 'Вызов на пост',
    called: 'Вызван',
    finish: 'Завершение',
    finished: 'Завершено',
    left: 'Выехал с завода',
  },
  aheadOfYou: (count) => `${russianPlural(count, 'машина', 'машины', 'машин')} перед вами`,
  youAreNext: 'Вы следующий',
  heldByCap: (name, percent, of) =>
    `${name}: достигнуто ${percent} % ${of === 'loads' ? 'рейсов' : 'тоннажа'} за сегодня — вас вызовут, когда появится место`,
  expectedWait: (low, high) => `Вызов ожидается примерно через ${low}–${high} мин`,
  expectedWaitHours: (low, high) => `Вызов ожидается примерно через ${low}–${high} ч`,
  waiting: {
    waitingCall: 'Пожалуйста, ожидайте вызова',
    waitingSample: 'Ожидайте, пока сотрудник отнесёт пробу в лабораторию',
    sampleInLab: 'Ваша проба проверяется в лаборатории',
    resultReady: 'Результат готов. Пожалуйста, ожидайте вызова',
  },
  yourTurn: 'Ваша очередь подошла',
  goTo: 'Проезжайте на пост:',
  goToOfficer: 'Проезжайте туда, куда укажет сотрудник',
  recheckTitle: 'Нужна повторная проверка',
  recheckAt: 'Повторная проверка:',
  rejectedTitle: 'Отклонено',
  rejectedBody: 'Пожалуйста, обратитесь в офис',
  finishedTitle: 'Завершено',
  finishedBody: 'Проезжайте к весам или к воротам выезда',
  exitedTitle: 'Вы выехали с завода',
  exitedBody: 'Спасибо',
  reason: 'Причина',
  previousNumber: (number) => `ранее ${number}`,
  noShowTitle: 'Отменено: вы не приехали по вызову',
  noShowBody:
    'Вашу очередь вызвали, но машина не приехала, поэтому талон отменён. Обратитесь в офис за новым талоном',
  voidedTitle: 'Этот талон аннулирован',
  voidedBody: 'Этот талон больше не действует. Пожалуйста, обратитесь в офис',
  live: { connecting: 'Подключение…', live: 'В реальном времени', reconnecting: 'Переподключение…' },
  updatedAt: (time) => `Обновлено в ${time}`,
  notFoundTitle: 'Очередь не найдена',
  notFoundBody: 'Отсканируйте QR-код на талоне ещё раз или обратитесь к сотруднику',
  loadErrorTitle: 'Не удалось загрузить очередь',
  loadErrorBody: 'Проверьте подключение к интернету. Страница повторит попытку сама',
  retry: 'Повторить',
  loading: 'Загрузка…',
  counterCodes: 'Покажите на пункте',
  counterCodesHint:
    'В лаборатории, на весах и на выезде сотрудник может отсканировать эти коды с экрана телефона, если у вас нет бумажного талона.',
  ticketCode: (code) => `Код талона ${code}`,
  qrLabel: 'QR-код этого талона',
  barcodeLabel: (code) => `Штрихкод талона ${code}`,
  slip: SLIP_TEXT.ru,
  dispute: {
    open: 'Я не согласен с квитанцией',
    label: 'Что не так',
    placeholder: 'например, весы в хозяйстве показали 30 000 кг',
    send: 'Отправить',
    cancel: 'Отмена',
    sent: (time) => `Спор отправлен в ${time}`,
    waiting: 'Завод проверяет',
    answer: 'Ответ завода',
    tooShort: 'Напишите не менее 3 символов',
    alreadyOpen: 'Ваш прежний спор ещё ждёт ответа',
    failed: 'Не удалось отправить. Попробуйте ещё раз.',
    unreadable: 'Текст содержит невидимые символы или начинается с = + - @. Введите его заново.',
  },
  notify: {
    title: 'Уведомить меня',
    intro: 'Получите уведомление на этот телефон, когда подойдёт ваша очередь, не держа страницу открытой.',
    privacyTitle: 'Уведомление о конфиденциальности',
    defaultNotice: (days) =>
      `Чтобы уведомлять вас, завод хранит адрес уведомлений этого телефона, выбранный язык и то, когда вы хотите получать сообщения, — только для этого талона. Уведомления прекращаются, когда машина покидает завод, а данные удаляются в течение ${days} дн. Ни для чего другого они не используются.`,
    consent: 'Я прочитал(а) уведомление и согласен(на)',
    when: 'Сообщить, когда',
    ahead: 'подходит моя очередь',
    aheadCount: (count) => `впереди ${count} ${russianPlural(count, 'машина', 'машины', 'машин')}`,
    fewer: 'Меньше машин',
    more: 'Больше машин',
    called: 'меня вызовут (с указанием поста)',
    lab: 'готов результат лаборатории',
    pickOne: 'Выберите хотя бы один вариант.',
    turnOn: 'Включить уведомления',
    working: 'Подождите…',
    save: 'Сохранить',
    cancel: 'Отмена',
    onTitle: 'Уведомления включены',
    onAhead: (count) => `Когда впереди ${count} ${russianPlural(count, 'машина', 'машины', 'машин')}`,
    onCalled: 'Когда вас вызовут',
    onLab: 'Когда готов результат лаборатории',
    change: 'Изменить',
    stop: 'Выключить',
    stopped: 'Уведомления выключены.',
    denied:
      'Уведомления для этого сайта заблокированы. Разрешите их в настройках сайта в браузере и попробуйте снова.',
    dismissed: 'Уведомления не разрешены. Нажмите кнопку ещё раз и выберите «Разрешить».',
    failed:
      'Этот браузер не смог включить уведомления. Попробуйте снова или откройте страницу в другом браузере, например Chrome.',
    refused: 'Сервер завода не принял запрос. Попробуйте позже.',
    notAllowed: 'Завод не принимает службу уведомлений этого браузера. Используйте Chrome или Firefox.',
    tooMany: 'Этот талон уже уведомляет максимальное число телефонов.',
    ended: 'Талон закрыт: уведомлений больше не будет.',
    network: 'Нет связи с сервером. Проверьте сигнал и попробуйте снова.',
    ios: 'На iPhone уведомления работают только с экрана «Домой»: нажмите «Поделиться», выберите «На экран „Домой“» и откройте очередь с этого значка.',
    insecure:
      'Уведомления работают, только если страница открыта по защищённому соединению (https). Спросите адрес у персонала.',
    unsupported:
      'Этот браузер не может показывать уведомления. Откройте страницу в Chrome, Firefox или Edge.',
    lineTitle: 'Следить в LINE',
    lineButton: 'Следить в LINE',
    lineHint: 'Открывает чат завода в LINE с уже введённым кодом талона: просто отправьте его.',
    lineQr: 'QR-код чата завода в LINE',
    lineLinked: 'LINE следит за этим талоном.',
  },
};

export const STRINGS: Record<Language, Strings> = { th, en, es, de, it, ru };
