// §2 splash (§9: 3500 ms) when the installed app starts. The overlay is in every server-rendered
// page but hidden; a tiny inline script in <head> shows it, before the first paint, only in the
// installed app (display-mode standalone, or iOS's navigator.standalone) and only once per app
// session (sessionStorage). It is painted over content that is already there, and CSS removes it
// at 3.5 s: nothing waits for it, JavaScript bundles included.
const SPLASH_SEEN = 'splashShown';

export const splashScript = `try{if((matchMedia('(display-mode: standalone)').matches||navigator.standalone===true)&&!sessionStorage.getItem('${SPLASH_SEEN}')){sessionStorage.setItem('${SPLASH_SEEN}','1');document.documentElement.classList.add('splash')}}catch(e){}`;

export function SplashScript({ nonce }: { nonce: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: splashScript }} suppressHydrationWarning />;
}

export function Splash({ name, slogan }: { name: string; slogan: string }) {
  return (
    <div className="splash-screen" aria-hidden="true">
      <svg viewBox="0 0 512 512" width="96" height="96">
        <g fill="#f97316">
          <rect x="96" y="204" width="34" height="104" rx="12" />
          <rect x="136" y="168" width="44" height="176" rx="14" />
          <rect x="176" y="240" width="160" height="32" rx="8" />
          <rect x="332" y="168" width="44" height="176" rx="14" />
          <rect x="382" y="204" width="34" height="104" rx="12" />
        </g>
      </svg>
      <p className="splash-name">{name}</p>
      <p className="splash-slogan">{slogan}</p>
    </div>
  );
}
