import { useTranslation } from 'react-i18next';
import { WEBHOOK_PING, type WebhookEvent } from '@truck-queue/shared/integrations/webhooks';

/** Each event's words in the locales (i18next reads a dot as nesting: `ticket.issued` is `ticket_issued`). */
const EVENT_WORD = {
  'ticket.issued': 'ticket_issued',
  'ticket.called': 'ticket_called',
  'ticket.lab_result': 'ticket_lab_result',
  'ticket.weighed': 'ticket_weighed',
  'ticket.slip': 'ticket_slip',
  'ticket.exited': 'ticket_exited',
  'booking.changed': 'booking_changed',
  'alert.raised': 'alert_raised',
  goods_receipt: 'goods_receipt',
  [WEBHOOK_PING]: 'ping',
} as const satisfies Record<WebhookEvent | typeof WEBHOOK_PING, string>;

/** An event's name in the officer's language; an event this page does not know, as the server wrote it. */
export function useEventName(): (type: string) => string {
  const { t } = useTranslation();
  return (type) =>
    type in EVENT_WORD ? t(`webhooks.event.${EVENT_WORD[type as keyof typeof EVENT_WORD]}`) : type;
}
