// The service worker's decisions that can be tested without a browser.

/** Precached, self-contained, bilingual: what a page request gets when the network is gone. */
export const OFFLINE_PAGE = '/offline.html';

const ICON = '/icons/icon-192.png';
const BADGE = '/icons/badge-96.png';
const FALLBACK_LINK = '/notification';

/** An in-app path only: a push payload must not send the member to another site. */
export function safeLink(link: unknown, origin: string): string {
  if (typeof link !== 'string' || !link.startsWith('/') || link.startsWith('//') || link.includes('\\')) return FALLBACK_LINK;
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
