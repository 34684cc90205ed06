/// <reference lib="webworker" />
// The service worker (ADR 009, 067), built by vite-plugin-pwa (injectManifest) into build/client/sw.js.
// - Precaches the members' hashed build assets and the offline page (the list is injected at build
//   time; vite.config.ts leaves out what only the staff area loads).
// - Navigations wait for the network NAVIGATION_WAIT_MS at most (ADR 067): then a page answers
//   with the last good copy of itself, kept only for the visitor it was made for and marked with a
//   banner, or the offline page (check-in: drawn here from the key in IndexedDB, issue 11); a form
//   sent as a whole page stays on screen as typed. The network's late answer still renews the copy.
// - Exercise drawings (public, hashed URLs): cache first (issue 15).
// - /api, data requests (.data) and everything else not precached: straight to the network (a
//   link's data that takes too long: the page loads it whole, service-worker.tsx).
// - Web Push: shows the gateway's notification and opens its link when tapped.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { shell as enShell } from '#app/locales/en/shell.ts';
import { shell as viShell } from '#app/locales/vi/shell.ts';
import { COPY_OWNER_HEADER, PUBLIC_OWNER } from '#app/server/copy-owner.ts';
import {
  copyOwnerOf,
  copyShownTo,
  FORM_WAITED,
  keepsCopyOf,
  NAVIGATION_WAIT_MS,
  nonceOf,
  OFFLINE_PAGE,
  pageLang,
  pushNotification,
  withSavedCopyBanner,
  type WorkerMessage,
} from './sw-logic.ts';
import { readPass } from './check-in-store.ts';
import { CHECK_IN_PATH, offlineCheckInPage } from './offline-check-in.ts';
import { DRAWINGS_CACHE } from '#app/shell/caches.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

// A new worker takes over at once; an open page loads whole at its next link (service-worker.tsx, ADR 059).
void self.skipWaiting();
clientsClaim();

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// ── Pages: a bounded wait, then the last good copy (ADR 067) ──

const PAGE_COPIES = 'page-copies-v1';
/** Whose copies the cache holds now: the owner the last page from the network named. */
const OWNER_KEY = new URL('/__page-copies/owner', self.location.origin).href;
const SAVED_AT = 'x-saved-at';

const pageCopies = () => caches.open(PAGE_COPIES);
const sleep = (ms: number) => new Promise<null>((resolve) => setTimeout(() => resolve(null), ms));
const copyKey = (url: string) => {
  const key = new URL(url, self.location.origin);
  key.hash = '';
  return key.href;
};

async function currentOwner(cache: Cache): Promise<string> {
  return (await (await cache.match(OWNER_KEY))?.text()) ?? PUBLIC_OWNER;
}

/** Another visitor (a sign-in, a sign-out, a session that ended): the copies made for anyone else go. */
async function noteOwner(owner: string) {
  const cache = await pageCopies();
  if ((await currentOwner(cache)) === owner) return;
  for (const key of await cache.keys()) {
    const copy = key.url === OWNER_KEY ? undefined : await cache.match(key);
    if (copy && !copyShownTo(copyOwnerOf(copy.headers), owner)) await cache.delete(key);
  }
  await cache.put(OWNER_KEY, new Response(owner));
}

/** Pages that asked to hear when their copy is renewed (a page showing a copy), by URL. */
const renewedListeners = new Map<string, Set<() => void>>();

/** Sign-outs seen by this worker: an answer to a request sent before one is not kept. */
let signOuts = 0;

async function signedOut() {
  signOuts++;
  await noteOwner(PUBLIC_OWNER);
}

/** Keeps a page the network answered as the copy of its URL, when the server lets it be kept. */
async function keepCopy(url: string, answer: Promise<Response>) {
  const sentBefore = signOuts;
  const response = await answer;
  if (response.type !== 'basic' || sentBefore !== signOuts) return;
  const owner = copyOwnerOf(response.headers);
  if (owner === null) return;
  await noteOwner(owner);
  const type = response.headers.get('content-type') ?? '';
  if (response.status !== 200 || !type.startsWith('text/html') || !keepsCopyOf(new URL(url).pathname)) return;
  const headers = new Headers({ 'content-type': type, [COPY_OWNER_HEADER]: owner, [SAVED_AT]: String(Date.now()) });
  const csp = response.headers.get('content-security-policy');
  if (csp) headers.set('content-security-policy', csp);
  await (await pageCopies()).put(url, new Response(await response.text(), { headers }));
  renewedListeners.get(url)?.forEach((tell) => tell());
  renewedListeners.delete(url);
}

/**
 * A page the member reached by a link (its data, not its document, came from the network): its
 * document is fetched in the background to be its copy, unless a copy younger than RENEW_AFTER_MS
 * is there (one page render per page and member every so often, after the page is shown).
 */
const RENEW_AFTER_MS = 10 * 60_000;
async function renewCopy(url: string) {
  if (!keepsCopyOf(new URL(url).pathname)) return;
  const copy = await (await pageCopies()).match(url);
  if (copy && Number(copy.headers.get(SAVED_AT)) > Date.now() - RENEW_AFTER_MS) return;
  await keepCopy(url, fetch(url, { credentials: 'same-origin', redirect: 'manual', headers: { accept: 'text/html' } }));
}

/** The copy of this URL with its banner, if there is one for the visitor now signed in. */
async function savedCopy(url: string): Promise<Response | undefined> {
  const cache = await pageCopies();
  const copy = await cache.match(url);
  if (!copy || !copyShownTo(copyOwnerOf(copy.headers), await currentOwner(cache))) return undefined;
  const html = await copy.text();
  const texts = (pageLang(html) === 'en' ? enShell : viShell).pwa;
  const savedAt = new Date(Number(copy.headers.get(SAVED_AT)));
  const headers = new Headers(copy.headers);
  headers.set('cache-control', 'no-store');
  return new Response(withSavedCopyBanner(html, savedAt, nonceOf(copy.headers.get('content-security-policy')), texts), {
    headers,
  });
}

/** No copy: check-in from its key (issue 11, ADR 032), any other page the offline page with its retry. */
async function offlineAnswer(request: Request): Promise<Response> {
  if (new URL(request.url).pathname === CHECK_IN_PATH) {
    const pass = await readPass().catch(() => undefined);
    if (pass) {
      const html = await offlineCheckInPage(pass, new Date());
      return new Response(html, {
        headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
      });
    }
  }
  return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
}

/** Links whose data the page already waited for (NAVIGATION_WAIT_MS): their document load does not wait again. */
const waitedFor = new Map<string, number>();
const WAITED_FRESH_MS = 10_000;

/** A page (GET): the network within the wait, else the copy, else the offline page; the late answer renews the copy. */
async function page(event: FetchEvent, request: Request): Promise<Response> {
  const url = copyKey(request.url);
  const network = fetch(request);
  event.waitUntil(
    keepCopy(
      url,
      network.then((response) => response.clone()),
    ).catch(() => undefined),
  );
  const waited = (waitedFor.get(url) ?? 0) > Date.now() - WAITED_FRESH_MS;
  waitedFor.delete(url);
  const answer = await Promise.race([network.catch(() => null), waited ? null : sleep(NAVIGATION_WAIT_MS)]);
  return answer ?? (await savedCopy(url)) ?? (await offlineAnswer(request));
}

/** Sign-out (POST /logout, a whole page or its data): the member's copies go before it is even sent. */
const isSignOut = (url: URL) => url.pathname === '/logout' || url.pathname === '/logout.data';

/**
 * A form sent as a whole page (POST): the network's answer within the wait; else the page stays as
 * it is, with what was typed (204), and is told so. Never sent again from here. A photo (a multipart
 * body) is left to the network: its page says it may take a few seconds (ADR 066), the browser shows
 * its loading bar, and the server's reading of it often takes longer than the wait, on a good network.
 */
async function formPost(event: FetchEvent, request: Request): Promise<Response> {
  if (isSignOut(new URL(request.url))) await signedOut();
  if (request.headers.get('content-type')?.startsWith('multipart/form-data')) return fetch(request);
  const network = fetch(request);
  event.waitUntil(network.catch(() => undefined));
  const answer = await Promise.race([network.catch(() => null), sleep(NAVIGATION_WAIT_MS)]);
  if (answer) return answer;
  const windows = await self.clients.matchAll({ type: 'window' });
  for (const client of windows)
    if (client.url === request.referrer || (!request.referrer && client.focused))
      client.postMessage({ type: FORM_WAITED });
  return new Response(null, { status: 204 });
}

const isNavigation = ({ request }: { request: Request }) => request.mode === 'navigate';
registerRoute(isNavigation, ({ event, request }) => page(event as FetchEvent, request), 'GET');
registerRoute(isNavigation, ({ event, request }) => formPost(event as FetchEvent, request), 'POST');
registerRoute(
  ({ url }) => isSignOut(url),
  async ({ request }) => {
    await signedOut();
    return fetch(request);
  },
  'POST',
);

self.addEventListener('message', (event) => {
  const message = event.data as WorkerMessage | undefined;
  const port = event.ports[0];
  if (!message) return;
  if (message.type === 'keep-copy') {
    event.waitUntil(renewCopy(copyKey(message.url)).catch(() => undefined));
  } else if (message.type === 'navigation-waited') {
    waitedFor.set(copyKey(message.url), Date.now());
    port?.postMessage('ok');
  } else if (message.type === 'saved-copy') {
    const url = copyKey(message.url);
    const tell = () => port?.postMessage('renewed');
    event.waitUntil(
      (async () => {
        const copy = await (await pageCopies()).match(url);
        if (Number(copy?.headers.get(SAVED_AT) ?? 0) > message.savedAt) return tell();
        renewedListeners.set(url, (renewedListeners.get(url) ?? new Set()).add(tell));
      })(),
    );
  }
});

// Issue 15: exercise drawings are public and their URLs carry their content's hash: kept and served
// from here, so a lesson opened once plays offline (lesson-cache.ts fetches them all).
registerRoute(
  ({ url }) => url.pathname.startsWith('/workout-drawings/'),
  new CacheFirst({
    cacheName: DRAWINGS_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 400, purgeOnQuotaError: true })],
  }),
);

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
  const link = new URL(
    (event.notification.data as { link?: string } | undefined)?.link ?? '/notification',
    self.location.origin,
  ).href;
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
