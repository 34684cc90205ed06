import { createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import QRCode from 'qrcode';
import { en } from '#app/locales/en/index.ts';
import { vi } from '#app/locales/vi/index.ts';
import { ESCAPE_FLAG, type Platform } from './platform.ts';
import {
  detectPlatform,
  ESCAPE_COOKIE,
  hasCookie,
  platformAcceptCh,
  platformVary,
  systemBrowserUrl,
  TOUCH_COOKIE,
  withEscapeFlag,
} from './platform.server.ts';

type GateRequest = Pick<Request, 'method' | 'path' | 'headers' | 'protocol' | 'originalUrl'> & {
  get(name: string): string | undefined;
};

/**
 * Only a page a person navigates to is gated: not assets, files with an extension (sw.js,
 * manifest.webmanifest, *.data), the health probe, nor fetches made by a script.
 */
export function isDocumentRequest(req: GateRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (req.path === '/healthz' || req.path.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(req.path)) return false;
  const dest = req.headers['sec-fetch-dest'];
  if (dest) return dest === 'document';
  return (req.headers.accept ?? '').includes('text/html');
}

/** The staff area's pages (issue 17): no desktop notice, no in-app-browser escape. */
export const isStaffPath = (pathname: string) => pathname === '/staff' || pathname.startsWith('/staff/');

/** The URL the visitor sees, on the public origin when one is configured (never a forged Host). */
export function visibleUrl(req: GateRequest, publicUrl?: string): URL {
  const origin = publicUrl ? new URL(publicUrl).origin : `${req.protocol}://${req.get('host') ?? 'localhost'}`;
  return new URL(req.originalUrl, origin);
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const noticeStyle = `
*{box-sizing:border-box}
html,body{margin:0;min-height:100%}
body{min-height:100vh;display:flex;align-items:center;justify-content:center;padding:32px;background:linear-gradient(160deg,#fff7ed 0%,#f1f5f9 60%);color:#0f172a;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans','Helvetica Neue',Arial,sans-serif}
main{display:grid;grid-template-columns:300px 1fr;gap:48px;align-items:center;max-width:920px;width:100%;background:#fff;border-radius:28px;padding:48px;box-shadow:0 24px 60px rgba(15,23,42,.12)}
.qr{display:flex;flex-direction:column;align-items:center;gap:12px}
.qr svg{width:300px;height:300px;border-radius:16px;border:1px solid #e2e8f0}
.brand{font-weight:800;letter-spacing:.02em;font-size:1.25rem;margin:0 0 20px;color:#0f172a}
.brand span{color:#f97316}
h1{font-size:1.9rem;line-height:1.2;margin:0 0 10px;letter-spacing:-.01em}
h2{font-size:1.35rem;line-height:1.25;margin:0 0 8px}
p{margin:0;color:#475569}
.en{margin-top:24px;padding-top:24px;border-top:1px solid #e2e8f0}
.link{margin-top:28px;font-size:.9rem}
.try{margin-top:24px}.try a{display:inline-block;padding:12px 20px;border-radius:999px;background:#f97316;color:#111827;font-weight:700;text-decoration:none}.try small{display:block;margin-top:8px;color:#64748b}
.link code{display:block;margin-top:6px;padding:10px 12px;border-radius:10px;background:#f1f5f9;color:#0f172a;font:.9rem ui-monospace,Menlo,Consolas,monospace;word-break:break-all}
@media (max-width:760px){main{grid-template-columns:1fr;gap:28px;padding:28px}.qr svg{width:240px;height:240px}}
`;

/**
 * iPadOS Safari and Chrome on big Android tablets present themselves as desktops: a touch screen
 * behind a Mac or Linux user agent marks the device with a cookie and reloads once into the app.
 */
const touchCheck = `(function(){var n=navigator,c='${TOUCH_COOKIE}=1';if(n.maxTouchPoints>0&&/Macintosh|Linux/.test(n.userAgent)&&document.cookie.indexOf(c)<0){document.cookie=c+';path=/;max-age=31536000;samesite=lax';if(document.cookie.indexOf(c)>=0)location.reload()}})()`;

/** A self-contained page's CSP: only its own inline script and style, by hash. */
const hashOnlyCsp = (script: string, style: string) =>
  [
    "default-src 'none'",
    `script-src ${sha256(script)}`,
    `style-src ${sha256(style)}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

const noticeCsp = hashOnlyCsp(touchCheck, noticeStyle);

async function qrSvg(url: URL, label: string): Promise<string> {
  const options = { type: 'svg', margin: 2, errorCorrectionLevel: 'M' } as const;
  let svg: string;
  try {
    svg = await QRCode.toString(url.href, options);
  } catch {
    // Too long for a QR code: the page without its query still gets the visitor there.
    svg = await QRCode.toString(url.origin + url.pathname, options);
  }
  return svg.replace('<svg ', `<svg role="img" aria-label="${escapeHtml(label)}" `);
}

/** Where /try frames: a path on this site (anything else is the landing page). */
export function framedPath(url: URL): string {
  const wanted = url.searchParams.get('path') ?? '/landing';
  return /^\/(?![/\\])[^\s]*$/.test(wanted) && !wanted.startsWith('/try') ? wanted : '/landing';
}

/** The frame of the gate's own pages (desktop notice, in-app escape, sandbox phone frame): Vietnamese first, never indexed. */
const gatePage = ({ title, head, body }: { title: string; head: string; body: string }) => `<!doctype html>
<html lang="vi">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
${head}
</head>
<body>
${body}
</body>
</html>`;

/** The only thing a desktop gets: a bilingual notice with a QR code of the current URL, no app (in a sandbox demo, a way into a phone frame). */
export async function desktopNoticeHtml(url: URL, sandbox = false): Promise<string> {
  const clean = new URL(url);
  clean.searchParams.delete(ESCAPE_FLAG);
  const [a, b] = [vi.platform.notice, en.platform.notice];
  const href = escapeHtml(clean.href);
  return gatePage({
    title: `VietFit · ${a.title} · ${b.title}`,
    head: `<style>${noticeStyle}</style>
<script>${touchCheck}</script>`,
    body: `<main>
<div class="qr">${await qrSvg(clean, `${a.qr} · ${b.qr}`)}</div>
<div>
<p class="brand">Viet<span>Fit</span></p>
<section><h1>${escapeHtml(a.title)}</h1><p>${escapeHtml(a.lead)}</p></section>
<section class="en" lang="en"><h2>${escapeHtml(b.title)}</h2><p>${escapeHtml(b.lead)}</p></section>
<p class="link">${escapeHtml(a.copy)}<br><span lang="en">${escapeHtml(b.copy)}</span><code>${href}</code></p>
${
  sandbox
    ? `<p class="try"><a href="/try?path=${encodeURIComponent(clean.pathname + clean.search)}">${escapeHtml(a.tryFrame)} · <span lang="en">${escapeHtml(b.tryFrame)}</span></a><small>${escapeHtml(a.tryNote)} ${escapeHtml(b.tryNote)}</small></p>`
    : ''
}
</div>
</main>`,
  });
}

const escapeStyle = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;justify-content:center;gap:14px;padding:32px 24px;background:#fff7ed;color:#0f172a;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',Arial,sans-serif;text-align:center}
h1{font-size:1.4rem;margin:0}
p{margin:0;color:#475569}
a{display:flex;flex-direction:column;align-items:center;justify-content:center;min-height:56px;padding:6px 16px;border-radius:999px;font-weight:700;line-height:1.25;text-decoration:none;color:#111827}
a span{font-size:.85rem;font-weight:600}
#open{background:#f97316}
#stay{border:1.5px solid #cbd5e1;background:#fff}
`;

// Tries the system browser, then (whether it opened or not) carries on here with the flag.
const escapeScript = `location.href=document.getElementById('open').href;setTimeout(function(){location.replace(document.getElementById('stay').href)},1500)`;

const escapeCsp = hashOnlyCsp(escapeScript, escapeStyle);

/** The one-time page in an in-app browser: open in the system browser, else continue here. */
export function escapePageHtml(systemUrl: string, flaggedUrl: URL): string {
  const [a, b] = [vi.platform.escape, en.platform.escape];
  const stay = escapeHtml(flaggedUrl.href);
  return gatePage({
    title: 'VietFit',
    head: `<noscript><meta http-equiv="refresh" content="2;url=${stay}"></noscript>
<style>${escapeStyle}</style>`,
    body: `<h1>${escapeHtml(a.title)}</h1>
<p>${escapeHtml(a.lead)}</p>
<p lang="en">${escapeHtml(b.lead)}</p>
<a id="open" href="${escapeHtml(systemUrl)}">${escapeHtml(a.open)}<span lang="en">${escapeHtml(b.open)}</span></a>
<a id="stay" href="${stay}">${escapeHtml(a.stay)}<span lang="en">${escapeHtml(b.stay)}</span></a>
<script>${escapeScript}</script>`,
  });
}

const gatedPageHeaders = (res: Response, csp: string) =>
  res.set({
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': csp,
    'Cache-Control': 'private, no-store',
  });

const frameStyle = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:12px;padding:24px;background:linear-gradient(160deg,#fff7ed 0%,#f1f5f9 60%);font:14px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',Arial,sans-serif;color:#475569}
.phone{width:414px;height:868px;padding:12px;border-radius:44px;background:#0f172a;box-shadow:0 24px 60px rgba(15,23,42,.25)}
iframe{display:block;width:390px;height:844px;border:0;border-radius:32px;background:#fff}
`;
const frameCsp = [
  "default-src 'none'",
  `style-src ${sha256(frameStyle)}`,
  "frame-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Sandbox demo only (issue 10 §18): the app at phone size in a frame, for a desktop visitor trying it. */
export function phoneFrameHtml(path: string): string {
  const [a, b] = [vi.platform.notice, en.platform.notice];
  return gatePage({
    title: a.frameTitle,
    head: `<style>${frameStyle}</style>`,
    body: `<div class="phone"><iframe src="${escapeHtml(path)}" title="${escapeHtml(a.frameTitle)}"></iframe></div>
<p>${escapeHtml(a.tryNote)} <span lang="en">${escapeHtml(b.tryNote)}</span></p>`,
  });
}

export type PlatformDecision =
  | { action: 'app'; platform: Platform; setEscapeCookie: boolean }
  | { action: 'notice'; platform: Platform }
  | { action: 'escape'; platform: Platform; systemUrl: string; flaggedUrl: URL }
  | { action: 'flag'; platform: Platform; flaggedUrl: URL };

/** What a document request gets (ADR 008), decided from its headers and URL alone. */
export function decide(req: GateRequest, url: URL): PlatformDecision {
  const platform = detectPlatform(req.headers);
  // Issue 17: the staff area runs on the desk's computer and tablet as well as on phones.
  if (isStaffPath(url.pathname)) return { action: 'app', platform, setEscapeCookie: false };
  if (platform.kind === 'desktop') return { action: 'notice', platform };
  const mobileOs = platform.os === 'ios' || platform.os === 'android';
  if (!platform.inApp || !mobileOs) return { action: 'app', platform, setEscapeCookie: false };
  if (url.searchParams.has(ESCAPE_FLAG)) return { action: 'app', platform, setEscapeCookie: true };
  if (hasCookie(req.headers, ESCAPE_COOKIE)) return { action: 'app', platform, setEscapeCookie: false };
  const systemUrl = systemBrowserUrl(url, platform, req.headers['user-agent'] ?? '');
  const flaggedUrl = withEscapeFlag(url);
  return systemUrl ? { action: 'escape', platform, systemUrl, flaggedUrl } : { action: 'flag', platform, flaggedUrl };
}

/**
 * Express middleware in front of React Router: desktops get the notice, an in-app browser gets
 * one attempt to open the system browser; everything else goes on to the app.
 */
export function platformGate({
  publicUrl,
  secure,
  sandbox = false,
}: {
  publicUrl?: string;
  secure: boolean;
  sandbox?: boolean;
}) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!isDocumentRequest(req)) return next();
    const url = visibleUrl(req, publicUrl);
    // The frame's own loads are `Sec-Fetch-Dest: iframe`, not documents: they reach the app.
    if (sandbox && url.pathname === '/try') {
      gatedPageHeaders(res, frameCsp)
        .status(200)
        .send(phoneFrameHtml(framedPath(url)));
      return;
    }
    const decision = decide(req, url);
    res.append('Vary', platformVary);
    res.set('Accept-CH', platformAcceptCh);
    switch (decision.action) {
      case 'notice':
        gatedPageHeaders(res, noticeCsp)
          .status(200)
          .send(await desktopNoticeHtml(url, sandbox));
        return;
      case 'escape':
        gatedPageHeaders(res, escapeCsp).status(200).send(escapePageHtml(decision.systemUrl, decision.flaggedUrl));
        return;
      case 'flag':
        res
          .set('Cache-Control', 'private, no-store')
          .redirect(302, decision.flaggedUrl.pathname + decision.flaggedUrl.search);
        return;
      case 'app':
        if (decision.setEscapeCookie) {
          res.append('Set-Cookie', `${ESCAPE_COOKIE}=1; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`);
        }
        next();
    }
  };
}
