/* global self, clients */
/**
 * The driver's page's service worker (issue 21), registered with the scope /Queue/data/ by
 * public-queue/push.ts: it only shows what the server pushes (apps/server/src/modules/
 * notifications/web-push.channel.ts sends `{title, body, url, tag}`) and opens the ticket's page
 * when the notification is tapped. It handles no fetches: the page works as it did without it.
 */

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** Only this site's pages are opened; anything else opens the driver's pages' root. */
function pageUrl(url) {
  try {
    const target = new URL(typeof url === 'string' ? url : '', self.registration.scope);
    return target.origin === self.location.origin ? target.href : self.registration.scope;
  } catch {
    return self.registration.scope;
  }
}

function readPush(data) {
  if (!data) return {};
  try {
    const json = data.json();
    return json && typeof json === 'object' ? json : {};
  } catch {
    return { body: data.text() };
  }
}

self.addEventListener('push', (event) => {
  const message = readPush(event.data);
  const title = typeof message.title === 'string' && message.title ? message.title : 'คิวของคุณ · Your queue';
  const options = {
    body: typeof message.body === 'string' ? message.body : '',
    data: { url: pageUrl(message.url) },
  };
  if (typeof message.tag === 'string' && message.tag) {
    // One notification per ticket: the newer replaces the older, and still rings.
    options.tag = message.tag;
    options.renotify = true;
  }
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = pageUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url.split('#')[0] === url.split('#')[0]);
      if (open) return open.focus();
      return clients.openWindow(url);
    }),
  );
});
