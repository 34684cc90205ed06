import QRCode from 'qrcode';
import {
  CHECK_IN_MAC_BYTES,
  CHECK_IN_STEP_SECONDS,
  checkInMessage,
  formatCheckInCode,
  timeStepOf,
} from '#api/check-in-code.ts';
import { home as enHome } from '#app/locales/en/home.ts';
import { home as viHome } from '#app/locales/vi/home.ts';
import { shell as enShell } from '#app/locales/en/shell.ts';
import { shell as viShell } from '#app/locales/vi/shell.ts';
import type { StoredPass } from './check-in-store.ts';
import { paths as iconPaths, type IconName } from '#app/ui/icons.tsx';
import { bottomTabs } from './bottom-tabs.ts';

// Issue 11 (ADR 032): the check-in page the service worker draws when the network is away. It reads
// the key the online page kept in IndexedDB, signs the current step with WebCrypto exactly as the
// gateway does (gateway/modules/check-in/code.ts) and answers a small page that refreshes itself at
// the next step, so the QR keeps changing in airplane mode.

export const CHECK_IN_PATH = '/home/check-in';

const fromBase64url = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
const toBase64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** The code for this step, signed in the browser. */
export async function signCheckInCode(
  pass: Pick<StoredPass, 'key' | 'memberId' | 'deviceId'>,
  timeStep: number,
): Promise<string> {
  const key = await crypto.subtle.importKey('raw', fromBase64url(pass.key), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const mac = new Uint8Array(
    await crypto.subtle.sign(
      'HMAC',
      key,
      new TextEncoder().encode(checkInMessage(pass.memberId, pass.deviceId, timeStep)),
    ),
  );
  return formatCheckInCode(pass.deviceId, timeStep, toBase64url(mac.subarray(0, CHECK_IN_MAC_BYTES)));
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);
const fill = (template: string, vars: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => vars[name] ?? '');

const icon = (name: IconName) =>
  `<svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"><path d="${iconPaths[name]}"/></svg>`;

/** The whole offline check-in page for this pass at this instant, with the online page's back link and tabs (issue 37). */
export async function offlineCheckInPage(pass: StoredPass, now: Date): Promise<string> {
  const strings = (pass.lang === 'en' ? enHome : viHome).checkIn;
  const nav = (pass.lang === 'en' ? enShell : viShell).nav;
  const step = timeStepOf(now);
  const code = await signCheckInCode(pass, step);
  const qr = await QRCode.toString(code, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    color: { dark: '#000000', light: '#ffffff' },
  });
  const left = Math.max(1, Math.ceil(((step + 1) * CHECK_IN_STEP_SECONDS * 1000 - now.getTime()) / 1000));
  return `<!DOCTYPE html><html lang="${pass.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover">
<meta http-equiv="refresh" content="${String(left)}"><meta name="theme-color" content="#0f172a"><title>${escape(strings.title)} · VietFit</title>
<style>
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,Noto Sans,sans-serif;background:#fff;color:#0f172a;line-height:1.5}
header{background:#0f172a;color:#fff;text-align:center;font-weight:800;font-size:1.2rem;padding:max(12px,env(safe-area-inset-top)) 16px 12px}
.back{display:flex;padding:4px 8px;border-bottom:1px solid #f1f5f9}.back a{display:inline-flex;align-items:center;gap:4px;min-height:44px;padding:0 8px;color:#0f172a;text-decoration:none;font-weight:600}
main{max-width:480px;margin:0 auto;padding:20px 20px 92px;display:flex;flex-direction:column;align-items:center;gap:10px;text-align:center}
.tabs{position:fixed;bottom:0;left:50%;transform:translateX(-50%);width:100%;max-width:480px;display:grid;grid-template-columns:repeat(5,1fr);background:#fff;border-top:1px solid #cbd5e1;padding-bottom:env(safe-area-inset-bottom)}
.tabs a{display:flex;flex-direction:column;align-items:center;justify-content:center;gap:2px;min-height:60px;padding:6px 2px;font-size:.72rem;font-weight:600;color:#475569;text-decoration:none;line-height:1.2}.tabs a[aria-current]{color:#c2410c}
h1{font-size:1.6rem;margin:0}.note{margin:0;padding:8px 12px;border-radius:10px;background:#fff7ed;color:#9a3412;font-weight:600}
.qr{width:min(100%,320px);aspect-ratio:1;padding:8px;border:1px solid #cbd5e1;border-radius:14px}.qr svg{display:block;width:100%;height:100%}
.next{margin:0;color:#475569;font-variant-numeric:tabular-nums}
.pass{width:100%;margin-top:6px;padding:18px;border-radius:14px;background:linear-gradient(135deg,#0f172a,#334155);color:#fff}.pass p{margin:0 0 6px}
.kicker{text-transform:uppercase;letter-spacing:.1em;font-size:.8rem;color:#fdba74;font-weight:700}.name{font-size:1.4rem;font-weight:800;overflow-wrap:anywhere}.plan{font-weight:700}
</style></head><body><header>VietFit</header>
<nav class="back"><a href="/home">${icon('back')}<span>${escape(nav.home)}</span></a></nav><main>
<h1>${escape(strings.title)}</h1>
<p class="note" role="status">${escape(strings.offlineNote)}</p>
<div class="qr" role="img" aria-label="${escape(strings.qrLabel)}" data-code="${escape(code)}">${qr}</div>
<p class="next">${escape(fill(strings.nextCode, { seconds: String(left) }))}</p>
<section class="pass"><p class="kicker">${escape(strings.kicker)}</p><p class="name">${escape(pass.name)}</p>${pass.memberLine ? `<p>${escape(pass.memberLine)}</p>` : ''}<p class="plan">${escape(pass.planName)}</p>
<p>${escape(pass.validUntilText)}</p>${pass.clubsText ? `<p>${escape(pass.clubsText)}</p>` : ''}</section>
</main>
<nav class="tabs" aria-label="${escape(nav.label)}">${bottomTabs.map((tab) => `<a href="${tab.to}"${tab.to === '/home' ? ' aria-current="page"' : ''}>${icon(tab.icon)}<span>${escape(nav[tab.label])}</span></a>`).join('')}</nav>
</body></html>`;
}
