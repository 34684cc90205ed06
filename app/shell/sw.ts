/// <reference lib="webworker" />
// The service worker (ADR 009), built by vite-plugin-pwa (injectManifest) into build/client/sw.js.
// - Precaches the hashed build assets and the offline page (the list is injected at build time).
// - Pages go to the network and are never cached: a page can hold one member's data, and the
//   cache outlives sign-outs. When the network fails, the precached offline page answers instead,
//   and /home/check-in is drawn here from the key in IndexedDB (issue 11).
// - Exercise drawings (public, hashed URLs): cache first (issue 15).
// - /api, data requests (.data) and everything else not precached: straight to the network.
// - Web Push: shows the gateway's notification and opens its link when tapped.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkOnly } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { OFFLINE_PAGE, pushNotification } from './sw-logic.ts';
import { readPass } from './check-in-store.ts';
import { CHECK_IN_PATH, offlineCheckInPage } from './offline-check-in.ts';
import { DRAWINGS_CACHE } from '#app/shell/caches.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> };

// A new worker takes over at once; an open page loads whole at its next link (service-worker.tsx, ADR 059).
void self.skipWaiting();
clientsClaim();

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// Navigations (GET links and POST forms) go to the network only; see setCatchHandler for offline.
const isNavigation = ({ request }: { request: Request }) => request.mode === 'navigate';
registerRoute(isNavigation, new NetworkOnly(), 'GET');
registerRoute(isNavigation, new NetworkOnly(), 'POST');

// Issue 15: exercise drawings are public and their URLs carry their content's hash: kept and served
// from here, so a lesson opened once plays offline (lesson-cache.ts fetches them all).
registerRoute(
  ({ url }) => url.pathname.startsWith('/workout-drawings/'),
  new CacheFirst({ cacheName: DRAWINGS_CACHE, plugins: [new ExpirationPlugin({ maxEntries: 400, purgeOnQuotaError: true })] }),
);

setCatchHandler(async ({ request }) => {
  if (request.mode !== 'navigate') return Response.error();
  // Issue 11: check-in works with no network, from the key the online page kept (ADR 032).
  if (request.method === 'GET' && new URL(request.url).pathname === CHECK_IN_PATH) {
    const pass = await readPass().catch(() => undefined);
    if (pass) {
      const html = await offlineCheckInPage(pass, new Date());
      return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
    }
  }
  return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
});

self.addEventListener('push', (event) => {
  let payload: unknown;
  try {
    payload = event.data?.json();
  } catch {
    payload = undefined;
  }
  const { title, options } = pushNotification(payload, self.location.origin);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = new URL((event.notification.data as { link?: string } | undefined)?.link ?? '/notification', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        await focused.navigate(link).catch(() => self.clients.openWindow(link));
        return;
      }
      await self.clients.openWindow(link);
    })(),
  );
});
