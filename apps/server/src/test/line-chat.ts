import { createHmac } from 'node:crypto';
import { expect } from 'vitest';
import { LINE_WEBHOOK_PATH } from '../modules/notifications/line.routes.ts';
import type { TestContext } from './harness.ts';

let events = 0;

/**
 * Someone writes `text` in the chat with the plant's LINE account: LINE signs the event with the
 * channel's secret and posts it to the webhook (developers.line.biz "Receive messages").
 */
export async function sendInChat(
  t: TestContext,
  secret: string,
  userId: string,
  text: string,
): Promise<void> {
  events += 1;
  const payload = JSON.stringify({
    destination: `U${'0'.repeat(32)}`,
    events: [
      {
        type: 'message',
        mode: 'active',
        timestamp: t.clock.now().getTime(),
        webhookEventId: `01JCHAT${String(events).padStart(19, '0')}`,
        deliveryContext: { isRedelivery: false },
        replyToken: `chat-reply-${events}`,
        source: { type: 'user', userId },
        message: { id: String(events), type: 'text', quoteToken: 'q', text },
      },
    ],
  });
  const response = await t.app.inject({
    method: 'POST',
    url: LINE_WEBHOOK_PATH,
    headers: {
      'content-type': 'application/json',
      'x-line-signature': createHmac('sha256', secret).update(payload).digest('base64'),
    },
    payload,
  });
  expect(response.statusCode).toBe(200);
}

/** The text a chat link types (what the person sends by tapping "send"). */
export const typedBy = (chatUrl: string) => decodeURIComponent(new URL(chatUrl).search.slice(1));
