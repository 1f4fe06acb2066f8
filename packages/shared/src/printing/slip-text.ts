import type { WeightWarningCode } from '../queue/weight-checks.ts';
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
  /** Over a plate camera's picture of the truck (issue 42): "ภาพจากกล้อง 10:31". */
  photo: (time: string) => string;
  /** A weigh-out on the vehicle's stored tare (issue 42): "stored tare from <date>". */
  storedTare: (date: string) => string;
  /** What the weighbridge warned of and the officer confirmed (weight-checks.ts). */
  warnings: Record<WeightWarningCode, string>;
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
    photo: (time) => `ภาพจากกล้อง ${time}`,
    storedTare: (date) => `น้ำหนักรถเปล่าที่บันทึกไว้ เมื่อ ${date} (ไม่ได้ชั่งออก)`,
    warnings: {
      GROSS_OVER_LEGAL: 'น้ำหนักรวมเกินพิกัดตามกฎหมาย',
      GROSS_ABOVE_MAX: 'น้ำหนักรวมสูงกว่าค่าสูงสุดของสินค้า',
      GROSS_BELOW_MIN: 'น้ำหนักรวมต่ำกว่าค่าต่ำสุดของสินค้า',
      NET_ABOVE_MAX: 'น้ำหนักสุทธิสูงกว่าค่าสูงสุดของสินค้า',
      NET_BELOW_MIN: 'น้ำหนักสุทธิต่ำกว่าค่าต่ำสุดของสินค้า',
    },
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
    photo: (time) => `Camera picture ${time}`,
    storedTare: (date) => `Stored tare from ${date} (not weighed out)`,
    warnings: {
      GROSS_OVER_LEGAL: 'Gross over the legal limit for this vehicle class',
      GROSS_ABOVE_MAX: "Gross above the product's maximum",
      GROSS_BELOW_MIN: "Gross below the product's minimum",
      NET_ABOVE_MAX: "Net above the product's maximum",
      NET_BELOW_MIN: "Net below the product's minimum",
    },
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
    photo: (time) => `Foto de la cámara ${time}`,
    storedTare: (date) => `Tara guardada del ${date} (sin pesaje de salida)`,
    warnings: {
      GROSS_OVER_LEGAL: 'Bruto por encima del límite legal de este tipo de vehículo',
      GROSS_ABOVE_MAX: 'Bruto por encima del máximo del producto',
      GROSS_BELOW_MIN: 'Bruto por debajo del mínimo del producto',
      NET_ABOVE_MAX: 'Neto por encima del máximo del producto',
      NET_BELOW_MIN: 'Neto por debajo del mínimo del producto',
    },
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
    photo: (time) => `Kamerabild ${time}`,
    storedTare: (date) => `Gespeicherte Tara vom ${date} (nicht ausgewogen)`,
    warnings: {
      GROSS_OVER_LEGAL: 'Brutto über dem gesetzlichen Limit dieser Fahrzeugklasse',
      GROSS_ABOVE_MAX: 'Brutto über dem Höchstwert des Produkts',
      GROSS_BELOW_MIN: 'Brutto unter dem Mindestwert des Produkts',
      NET_ABOVE_MAX: 'Netto über dem Höchstwert des Produkts',
      NET_BELOW_MIN: 'Netto unter dem Mindestwert des Produkts',
    },
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
    photo: (time) => `Foto della telecamera ${time}`,
    storedTare: (date) => `Tara memorizzata del ${date} (senza pesata in uscita)`,
    warnings: {
      GROSS_OVER_LEGAL: 'Lordo oltre il limite di legge per questa classe di veicolo',
      GROSS_ABOVE_MAX: 'Lordo sopra il massimo del prodotto',
      GROSS_BELOW_MIN: 'Lordo sotto il minimo del prodotto',
      NET_ABOVE_MAX: 'Netto sopra il massimo del prodotto',
      NET_BELOW_MIN: 'Netto sotto il minimo del prodotto',
    },
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
    photo: (time) => `Снимок камеры ${time}`,
    storedTare: (date) => `Сохранённая тара от ${date} (без взвешивания на выезде)`,
    warnings: {
      GROSS_OVER_LEGAL: 'Брутто выше допустимого по закону для этого класса машин',
      GROSS_ABOVE_MAX: 'Брутто выше максимума для продукта',
      GROSS_BELOW_MIN: 'Брутто ниже минимума для продукта',
      NET_ABOVE_MAX: 'Нетто выше максимума для продукта',
      NET_BELOW_MIN: 'Нетто ниже минимума для продукта',
    },
  },
};
