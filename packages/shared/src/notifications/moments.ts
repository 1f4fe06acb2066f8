import { TICKET_LANGUAGES, type TicketLanguage } from '../printing/ticket-text.ts';

/**
 * The moments a driver can be told of without keeping his page open (issue 21), and the words
 * of each in the six languages. The server fills them in for Web Push (in the language of the
 * page that subscribed) and for LINE (Thai, the language of the plant's chat).
 */

export const NOTIFY_CHANNELS = ['web_push', 'line'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

/** `ahead`: N trucks or fewer before his; `called`: called to a station; `lab`: the lab's result is out. */
export const NOTIFY_MOMENTS = ['ahead', 'called', 'lab'] as const;
export type NotifyMoment = (typeof NOTIFY_MOMENTS)[number];

export const NOTIFY_LANGUAGES = TICKET_LANGUAGES;
export type NotifyLanguage = TicketLanguage;

/** "Tell me when 3 trucks are ahead" unless the driver picks another number. */
export const NOTIFY_AHEAD_DEFAULT = 3;
export const NOTIFY_AHEAD_MAX = 20;

/** What one moment says: `{{number}}`, `{{station}}`, `{{n}}` are filled in. */
interface MomentText {
  title: string;
  body: string;
}

interface NotifyText {
  ahead: MomentText;
  /** `{{n}}` is 0: he is next. */
  next: MomentText;
  called: MomentText;
  /** Called, the station unknown (a station renamed away): go to the plant's office. */
  calledNoStation: MomentText;
  lab: MomentText;
}

export const NOTIFY_TEXT: Record<NotifyLanguage, NotifyText> = {
  th: {
    ahead: { title: 'ใกล้ถึงคิว {{number}} แล้ว', body: 'อีก {{n}} คันจะถึงคิวของคุณ กรุณาเตรียมรถให้พร้อม' },
    next: { title: 'คิว {{number}} เป็นคันถัดไป', body: 'คุณเป็นคันถัดไป กรุณาเตรียมรถให้พร้อม' },
    called: { title: 'เรียกคิว {{number}} แล้ว', body: 'เชิญที่ {{station}}' },
    calledNoStation: { title: 'เรียกคิว {{number}} แล้ว', body: 'กรุณาติดต่อเจ้าหน้าที่' },
    lab: { title: 'ผลแล็บคิว {{number}} ออกแล้ว', body: 'เปิดหน้าคิวเพื่อดูผลและขั้นตอนถัดไป' },
  },
  en: {
    ahead: {
      title: 'Queue {{number}} is coming up',
      body: '{{n}} trucks to go before yours. Please get ready.',
    },
    next: { title: 'Queue {{number}} is next', body: 'Your truck is next. Please get ready.' },
    called: { title: 'Queue {{number}} is called', body: 'Please go to {{station}}.' },
    calledNoStation: { title: 'Queue {{number}} is called', body: 'Please see the staff.' },
    lab: {
      title: 'Lab result for {{number}} is out',
      body: 'Open your queue page to see it and what comes next.',
    },
  },
  es: {
    ahead: {
      title: 'El turno {{number}} se acerca',
      body: 'Faltan {{n}} camiones antes del suyo. Prepárese.',
    },
    next: { title: 'El turno {{number}} es el siguiente', body: 'Su camión es el siguiente. Prepárese.' },
    called: { title: 'Llamado el turno {{number}}', body: 'Diríjase a {{station}}.' },
    calledNoStation: { title: 'Llamado el turno {{number}}', body: 'Consulte al personal.' },
    lab: {
      title: 'Resultado de laboratorio de {{number}}',
      body: 'Abra la página de su turno para verlo y saber el siguiente paso.',
    },
  },
  de: {
    ahead: {
      title: 'Nummer {{number}} ist bald dran',
      body: 'Noch {{n}} Lkw vor Ihnen. Bitte halten Sie sich bereit.',
    },
    next: {
      title: 'Nummer {{number}} ist als Nächstes dran',
      body: 'Ihr Lkw ist der nächste. Bitte halten Sie sich bereit.',
    },
    called: { title: 'Nummer {{number}} wird aufgerufen', body: 'Bitte fahren Sie zu {{station}}.' },
    calledNoStation: {
      title: 'Nummer {{number}} wird aufgerufen',
      body: 'Bitte melden Sie sich beim Personal.',
    },
    lab: {
      title: 'Laborergebnis für {{number}} liegt vor',
      body: 'Öffnen Sie Ihre Seite, um es und den nächsten Schritt zu sehen.',
    },
  },
  it: {
    ahead: {
      title: 'Il numero {{number}} si avvicina',
      body: 'Mancano {{n}} camion prima del suo. Si prepari.',
    },
    next: { title: 'Il numero {{number}} è il prossimo', body: 'Il suo camion è il prossimo. Si prepari.' },
    called: { title: 'Chiamato il numero {{number}}', body: 'Si rechi a {{station}}.' },
    calledNoStation: { title: 'Chiamato il numero {{number}}', body: 'Si rivolga al personale.' },
    lab: {
      title: 'Risultato di laboratorio per {{number}}',
      body: 'Apra la pagina del suo numero per vederlo e sapere il passo successivo.',
    },
  },
  ru: {
    ahead: { title: 'Очередь {{number}} скоро', body: 'Перед вами ещё {{n}} машин. Приготовьтесь.' },
    next: { title: 'Очередь {{number}} следующая', body: 'Ваша машина следующая. Приготовьтесь.' },
    called: { title: 'Вызвана очередь {{number}}', body: 'Проезжайте к {{station}}.' },
    calledNoStation: { title: 'Вызвана очередь {{number}}', body: 'Обратитесь к персоналу.' },
    lab: {
      title: 'Готов результат лаборатории для {{number}}',
      body: 'Откройте страницу очереди, чтобы увидеть его и следующий шаг.',
    },
  },
};

export interface MomentFacts {
  moment: NotifyMoment;
  queueNumber: string;
  /** Trucks ahead (moment `ahead`). */
  ahead?: number;
  /** The station he is called to (moment `called`). */
  station?: string | null;
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole);

/** The title and body of one moment in one language. */
export function momentText(language: NotifyLanguage, facts: MomentFacts): MomentText {
  const text = NOTIFY_TEXT[language] ?? NOTIFY_TEXT.th;
  const pick =
    facts.moment === 'ahead'
      ? (facts.ahead ?? 0) <= 0
        ? text.next
        : text.ahead
      : facts.moment === 'called'
        ? facts.station
          ? text.called
          : text.calledNoStation
        : text.lab;
  const values = { number: facts.queueNumber, station: facts.station ?? '', n: String(facts.ahead ?? 0) };
  return { title: fill(pick.title, values), body: fill(pick.body, values) };
}
