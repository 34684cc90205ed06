// The service worker's decisions that can be tested without a browser.
import { COPY_OWNER_HEADER, PUBLIC_OWNER } from '#app/server/copy-owner.ts';

/** Precached, self-contained, bilingual: what a page request gets when the network is gone. */
export const OFFLINE_PAGE = '/offline.html';

const ICON = '/icons/icon-192.png';
const BADGE = '/icons/badge-96.png';
const FALLBACK_LINK = '/notification';

/** An in-app path only: a push payload must not send the member to another site. */
export function safeLink(link: unknown, origin: string): string {
  if (typeof link !== 'string' || !link.startsWith('/') || link.startsWith('//') || link.includes('\\'))
    return FALLBACK_LINK;
  try {
    const url = new URL(link, origin);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : FALLBACK_LINK;
  } catch {
    return FALLBACK_LINK;
  }
}

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '');

/** The gateway pushes {id, title, body, link} as JSON (already in the member's language). */
export function pushNotification(payload: unknown, origin: string): { title: string; options: NotificationOptions } {
  const p = (payload && typeof payload === 'object' ? payload : {}) as Record<string, unknown>;
  const id = text(p.id, 100);
  return {
    title: text(p.title, 200) || 'VietFit',
    options: {
      body: text(p.body, 1000),
      icon: ICON,
      badge: BADGE,
      // One notification per id: a repeated push replaces it instead of stacking.
      ...(id ? { tag: id } : {}),
      data: { link: safeLink(p.link, origin) },
    },
  };
}

// ── Issue 39 (ADR 067): a bounded wait for every navigation, and the last good copy of a page ──

/** How long a navigation waits for the network before the copy (or the offline page) answers. */
export const NAVIGATION_WAIT_MS = 3500;

/**
 * Pages never kept even with an owner: a step of a flow whose copy would mislead or replay (a code
 * to type, a payment's QR and its result, a provider's return, a signature), and check-in, which
 * the worker draws live from its key instead (offline-check-in.ts).
 */
const NEVER_KEPT = [/^\/home\/check-in(\/|$)/, /^\/sign-up$/, /verify/, /\/payment(\/|$)/, /vnpay-return/, /\/sign$/];

export const keepsCopyOf = (pathname: string) => !NEVER_KEPT.some((pattern) => pattern.test(pathname));

/** The owner a response names, or null when it must not be kept at all. */
export const copyOwnerOf = (headers: Headers): string | null => headers.get(COPY_OWNER_HEADER);

/** A copy may be shown to the visitor it was made for: anyone for a public one, else the same member. */
export const copyShownTo = (copyOwner: string | null, currentOwner: string) =>
  copyOwner === PUBLIC_OWNER || (copyOwner !== null && copyOwner === currentOwner);

/** The nonce of a page's CSP, so what the worker adds to its copy runs under the copy's own policy. */
export const nonceOf = (csp: string | null) => /'nonce-([A-Za-z0-9+/=_-]+)'/.exec(csp ?? '')?.[1] ?? null;

/** HH:mm on the phone's clock. */
export const clockTime = (at: Date) =>
  `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);

export const SAVED_COPY_ID = 'saved-copy';

export type SavedCopyTexts = {
  savedCopy: string;
  savedCopyRetry: string;
  savedCopyFresh: string;
  savedCopyShowFresh: string;
};

/**
 * The copy with its banner, first in <body>, in the flow like the offline
 * alert (issue 37: it covers nothing). The retry link reloads the page; the page's script turns the
 * banner into "a newer copy is here" when the network's late answer has replaced the copy
 * (service-worker.tsx), from the texts it carries.
 */
export function withSavedCopyBanner(html: string, savedAt: Date, nonce: string | null, texts: SavedCopyTexts): string {
  const style = `<style${nonce ? ` nonce="${escapeHtml(nonce)}"` : ''}>#${SAVED_COPY_ID}{display:flex;gap:12px;align-items:center;justify-content:space-between;box-sizing:border-box;max-width:480px;margin:0 auto;padding:max(10px,env(safe-area-inset-top)) 16px 10px;background:#fffbeb;color:#78350f;border-bottom:1.5px solid #fde68a;font:500 14px/1.4 system-ui,sans-serif}#${SAVED_COPY_ID} a{flex:none;color:#78350f;font-weight:700;text-decoration:underline;min-height:44px;display:inline-flex;align-items:center}</style>`;
  const banner =
    `<saved-copy-banner id="${SAVED_COPY_ID}" role="status" data-saved-at="${String(savedAt.getTime())}" data-fresh="${escapeHtml(texts.savedCopyFresh)}" data-show-fresh="${escapeHtml(texts.savedCopyShowFresh)}">` +
    `<span>${escapeHtml(texts.savedCopy.replace('{{time}}', clockTime(savedAt)))}</span><a href="">${escapeHtml(texts.savedCopyRetry)}</a></saved-copy-banner>`;
  const body = /<body[^>]*>/i.exec(html);
  const head = html.indexOf('</head>');
  if (!body || head < 0 || head > body.index) return html;
  const at = body.index + body[0].length;
  return `${html.slice(0, head)}${style}${html.slice(head, at)}${banner}${html.slice(at)}`;
}

/** The language a page was rendered in (its <html lang>). */
export const pageLang = (html: string): 'vi' | 'en' => (/<html[^>]*\blang="en"/i.test(html) ? 'en' : 'vi');

/** What the page and the worker say to each other about slow navigations (service-worker.tsx). */
export type WorkerMessage =
  /** The page reached this URL by a link: the worker may fetch its document to keep as its copy. */
  | { type: 'keep-copy'; url: string }
  /** The page waited NAVIGATION_WAIT_MS for a link's data: its document load answers at once. */
  | { type: 'navigation-waited'; url: string }
  /** A page showing a copy asks to hear when a newer one is kept (answered on the message's port). */
  | { type: 'saved-copy'; url: string; savedAt: number };
/** Sent to the page whose form (a whole-page POST) got no answer in time: it was kept as typed. */
export const FORM_WAITED = 'form-waited';
