// §2 splash (§9: 3500 ms) when the installed app starts. The overlay is in every server-rendered
// page but hidden; a tiny inline script in <head> shows it, before the first paint, only in the
// installed app (display-mode standalone, or iOS's navigator.standalone) and only once per app
// session (sessionStorage). It is painted over content that is already there, and CSS removes it
// at 3.5 s: nothing waits for it. Script and markup are server-only strings (the client bundle
// gets empty ones, and hydration keeps the server's), so the splash costs no JavaScript download.
const SSR = import.meta.env.SSR;

/** The class the script puts on <html>: in no markup, so the page's inlined rules must keep it (ADR 029). */
export const SPLASH_CLASS = 'splash';

export const splashScript = SSR
  ? `try{if((matchMedia('(display-mode: standalone)').matches||navigator.standalone===true)&&!sessionStorage.getItem('splashShown')){sessionStorage.setItem('splashShown','1');document.documentElement.classList.add('${SPLASH_CLASS}')}}catch(e){}`
  : '';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function SplashScript({ nonce }: { nonce: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: splashScript }} suppressHydrationWarning />;
}

export function Splash({ name, slogan }: { name: string; slogan: string }) {
  const html = SSR
    ? `<p class="splash-name">${escapeHtml(name)}</p><p class="splash-slogan">${escapeHtml(slogan)}</p>`
    : '';
  return (
    <div
      className="splash-screen"
      aria-hidden="true"
      dangerouslySetInnerHTML={{ __html: html }}
      suppressHydrationWarning
    />
  );
}
