import { isbot } from 'isbot';
import { ESCAPE_FLAG, type ClientPlatform, type InApp, type Platform } from './platform.ts';

/** Node's IncomingHttpHeaders or a fetch Headers object: both are read the same way. */
export type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? '';
  const value = (headers as Record<string, string | string[] | undefined>)[name];
  return (Array.isArray(value) ? value.join(', ') : value) ?? '';
}

/** Set by the desktop notice's one-line check when a "desktop" user agent has a touch screen (iPadOS). */
export const TOUCH_COOKIE = 'gym_touch';
/** Set on the document after the open-in-browser attempt, so an in-app browser tries only once. */
export const ESCAPE_COOKIE = 'gym_ext';

export const hasCookie = (headers: HeaderSource, name: string) =>
  header(headers, 'cookie')
    .split(';')
    .some((pair) => pair.trim() === `${name}=1`);

// Order matters: Messenger's user agent also carries Facebook's FBAN/FBAV tokens.
const inAppPatterns: [InApp, RegExp][] = [
  ['zalo', /\bZalo/i],
  ['messenger', /FBAN\/Messenger|FB_IAB\/(?:MESSENGER|Orca-Android)|\bMessengerLite/i],
  ['instagram', /\bInstagram\b/i],
  ['facebook', /FBAN\/|FBAV\/|FB_IAB\/|\bFBIOS\b|\bFB4A\b/],
  ['tiktok', /musical_ly|BytedanceWebview|TikTok|\btrill_\d/i],
  ['line', /\bLine\/\d/],
  ['wechat', /MicroMessenger/i],
  ['kakaotalk', /KAKAOTALK/i],
  ['snapchat', /Snapchat/i],
  ['linkedin', /LinkedInApp/i],
  ['twitter', /\bTwitter(?:Android)?\b/i],
];

/**
 * isbot's one large pattern, run once per user agent: every page asks twice (the gate and the root
 * loader) and a phone sends the same agent all visit long. Bounded: emptied past 512 agents.
 */
const botByUserAgent = new Map<string, boolean>();
function isBotUserAgent(ua: string): boolean {
  let bot = botByUserAgent.get(ua);
  if (bot === undefined) {
    bot = isbot(ua);
    if (botByUserAgent.size >= 512) botByUserAgent.clear();
    botByUserAgent.set(ua, bot);
  }
  return bot;
}

const unquote = (value: string) => value.trim().replace(/^"|"$/g, '').toLowerCase();

/**
 * Phone, tablet, desktop or bot, the OS and the in-app browser, from the User-Agent and the
 * low-entropy client hints (Sec-CH-UA-Mobile, Sec-CH-UA-Platform) Chromium sends by default.
 * Only a positively recognised desktop is "desktop": anything unknown gets the app.
 */
export function detectPlatform(headers: HeaderSource): Platform {
  const ua = header(headers, 'user-agent');
  const chMobile = header(headers, 'sec-ch-ua-mobile').trim();
  const chPlatform = unquote(header(headers, 'sec-ch-ua-platform'));
  const touch = hasCookie(headers, TOUCH_COOKIE);

  // Search engines, link previews and Lighthouse ("Chrome-Lighthouse", HeadlessChrome) get the app.
  if (!ua || isBotUserAgent(ua)) return { kind: 'bot', os: 'other', inApp: null };

  const inApp = inAppPatterns.find(([, pattern]) => pattern.test(ua))?.[0] ?? (/; wv\)/.test(ua) ? 'webview' : null);

  if (/iPhone|iPod/.test(ua)) return { kind: 'phone', os: 'ios', inApp };
  if (/iPad/.test(ua)) return { kind: 'tablet', os: 'ios', inApp };
  if (/Android/i.test(ua) || chPlatform === 'android') {
    const mobile = /\bMobile\b/.test(ua) || chMobile === '?1';
    return { kind: mobile ? 'phone' : 'tablet', os: 'android', inApp };
  }
  if (chMobile === '?1') return { kind: 'phone', os: 'other', inApp };

  // iPadOS Safari sends a Macintosh user agent, Chrome on a big Android tablet a Linux one by
  // default ("desktop site"): the notice page's touch check marks those with a cookie.
  const mac = /Macintosh/.test(ua) || chPlatform === 'macos';
  const linux = (/X11|Linux/.test(ua) || chPlatform === 'linux') && !/CrOS/.test(ua);
  if (touch && mac) return { kind: 'tablet', os: 'ios', inApp };
  if (touch && linux) return { kind: 'tablet', os: 'other', inApp };

  const desktopUa = /Windows NT|Macintosh|X11|CrOS|Linux x86_64/.test(ua);
  const desktopHint = chMobile === '?0' && ['windows', 'macos', 'linux', 'chrome os', 'chromeos'].includes(chPlatform);
  if (desktopUa || desktopHint) return { kind: 'desktop', os: 'other', inApp };
  return { kind: 'phone', os: 'other', inApp };
}

/** The response depends on these request headers; Accept-CH names the hints it reads. */
export const platformVary = 'User-Agent, Sec-CH-UA-Mobile, Sec-CH-UA-Platform';
export const platformAcceptCh = 'Sec-CH-UA-Mobile, Sec-CH-UA-Platform';

/** iOS major version from "CPU iPhone OS 17_5 like Mac OS X", or 0 when unknown. */
export function iosVersion(ua: string): number {
  return Number(/\bOS (\d+)_\d/.exec(ua)?.[1] ?? 0);
}

/** The same URL with the attempt flag set. */
export function withEscapeFlag(url: URL): URL {
  const flagged = new URL(url);
  flagged.searchParams.set(ESCAPE_FLAG, '1');
  return flagged;
}

/**
 * The link that asks the OS to open this URL in the system browser, or null where no such link
 * exists: Android opens Chrome through an intent (falling back to the flagged URL), iOS 17+
 * Safari through the x-safari-https scheme.
 */
export function systemBrowserUrl(url: URL, platform: Platform, ua: string): string | null {
  const flagged = withEscapeFlag(url);
  const scheme = flagged.protocol.replace(':', '');
  if (platform.os === 'android') {
    return `intent://${flagged.host}${flagged.pathname}${flagged.search}#Intent;scheme=${scheme};package=com.android.chrome;S.browser_fallback_url=${encodeURIComponent(flagged.href)};end`;
  }
  if (platform.os === 'ios' && iosVersion(ua) >= 17) return `x-safari-${flagged.href}`;
  return null;
}

/** What the page needs to know in the browser (root loader). */
export function clientPlatform(request: Request): ClientPlatform {
  return { ...detectPlatform(request.headers), escapeTried: new URL(request.url).searchParams.has(ESCAPE_FLAG) };
}
