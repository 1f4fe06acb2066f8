import type { TicketLanguage } from './ticket-text.ts';

/**
 * The words of the receiving slip (issue 20), in the six languages: the driver's page shows the
 * slip with them and the server prints it with them, so paper and phone say the same.
 */
export interface SlipText {
  title: string;
  weighIn: string;
  weighOut: string;
  gross: string;
  tare: string;
  net: string;
  lab: string;
  /** A deduction's line: "หักดิน 2.4%". */
  deduction: (name: string, percent: string) => string;
  paid: string;
  kg: string;
  /** Where a weight came from: the scale's name, or typed by hand (with why). */
  scale: (name: string) => string;
  typed: string;
  passed: string;
  failed: string;
  /** When the slip was printed. */
  printedAt: string;
  /** Under the printed slip's QR code: the driver's page shows the same slip. */
  scan: string;
}

export const SLIP_TEXT: Record<TicketLanguage, SlipText> = {
  th: {
    title: 'ใบรับสินค้า',
    weighIn: 'ชั่งเข้า',
    weighOut: 'ชั่งออก',
    gross: 'น้ำหนักรวม',
    tare: 'น้ำหนักรถเปล่า',
    net: 'น้ำหนักสุทธิ',
    lab: 'ผลแล็บ',
    deduction: (name, percent) => `หัก${name} ${percent}%`,
    paid: 'น้ำหนักที่ใช้คิดเงิน',
    kg: 'กก.',
    scale: (name) => `เครื่องชั่ง ${name}`,
    typed: 'พิมพ์น้ำหนักเอง',
    passed: 'ผ่าน',
    failed: 'ไม่ผ่าน',
    printedAt: 'พิมพ์เมื่อ',
    scan: 'สแกนเพื่อดูใบรับสินค้านี้บนโทรศัพท์ และแจ้งหากไม่ถูกต้อง',
  },
  en: {
    title: 'Receiving slip',
    weighIn: 'Weigh-in',
    weighOut: 'Weigh-out',
    gross: 'Gross',
    tare: 'Tare',
    net: 'Net',
    lab: 'Lab values',
    deduction: (name, percent) => `Less ${name} ${percent}%`,
    paid: 'Paid weight',
    kg: 'kg',
    scale: (name) => `Scale ${name}`,
    typed: 'Typed by hand',
    passed: 'pass',
    failed: 'fail',
    printedAt: 'Printed at',
    scan: 'Scan to see this slip on your phone, and to dispute it',
  },
  es: {
    title: 'Comprobante de recepción',
    weighIn: 'Pesaje de entrada',
    weighOut: 'Pesaje de salida',
    gross: 'Bruto',
    tare: 'Tara',
    net: 'Neto',
    lab: 'Valores de laboratorio',
    deduction: (name, percent) => `Descuento ${name} ${percent}%`,
    paid: 'Peso pagado',
    kg: 'kg',
    scale: (name) => `Báscula ${name}`,
    typed: 'Escrito a mano',
    passed: 'aprueba',
    failed: 'no aprueba',
    printedAt: 'Impreso',
    scan: 'Escanee para ver este comprobante en su teléfono y reclamarlo',
  },
  de: {
    title: 'Wiegeschein',
    weighIn: 'Einwiegen',
    weighOut: 'Auswiegen',
    gross: 'Brutto',
    tare: 'Tara',
    net: 'Netto',
    lab: 'Laborwerte',
    deduction: (name, percent) => `Abzug ${name} ${percent}%`,
    paid: 'Abrechnungsgewicht',
    kg: 'kg',
    scale: (name) => `Waage ${name}`,
    typed: 'Von Hand eingegeben',
    passed: 'bestanden',
    failed: 'nicht bestanden',
    printedAt: 'Gedruckt',
    scan: 'Scannen, um diesen Schein auf dem Handy zu sehen und zu beanstanden',
  },
  it: {
    title: 'Ricevuta di conferimento',
    weighIn: 'Pesata in entrata',
    weighOut: 'Pesata in uscita',
    gross: 'Lordo',
    tare: 'Tara',
    net: 'Netto',
    lab: 'Valori di laboratorio',
    deduction: (name, percent) => `Detrazione ${name} ${percent}%`,
    paid: 'Peso pagato',
    kg: 'kg',
    scale: (name) => `Bilancia ${name}`,
    typed: 'Digitato a mano',
    passed: 'superato',
    failed: 'non superato',
    printedAt: 'Stampato',
    scan: 'Scansiona per vedere questa ricevuta sul telefono e contestarla',
  },
  ru: {
    title: 'Приёмная квитанция',
    weighIn: 'Въездное взвешивание',
    weighOut: 'Выездное взвешивание',
    gross: 'Брутто',
    tare: 'Тара',
    net: 'Нетто',
    lab: 'Результаты лаборатории',
    deduction: (name, percent) => `Вычет: ${name} ${percent}%`,
    paid: 'Вес к оплате',
    kg: 'кг',
    scale: (name) => `Весы ${name}`,
    typed: 'Введено вручную',
    passed: 'норма',
    failed: 'не норма',
    printedAt: 'Напечатано',
    scan: 'Отсканируйте, чтобы открыть квитанцию на телефоне и оспорить её',
  },
};
