import { useEffect, useId, useState, useSyncExternalStore, type MouseEvent } from 'react';
import { useLocation, useRouteLoaderData } from 'react-router';
import { useHydrated } from '#app/ui/hooks.ts';
import { translate } from '#app/i18n.ts';
import { useMessages } from '#app/locales/messages.ts';
import type { Lang } from '#api/codes.ts';
import { ESCAPE_FLAG, type ClientPlatform } from '#app/server/platform.ts';
import { bip, dismissedKey, helpSeenKey, modeOf, onBip, standalone, stored } from './install-state.ts';

const ShareIcon = () => (
  <svg className="install-share" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
    <path d="M12 3 8 7l1.4 1.4L11 6.8V15h2V6.8l1.6 1.6L16 7zM6 10v10h12V10h-3V8h5v14H4V8h5v2z" fill="currentColor" />
  </svg>
);

/**
 * The install-app prompt (ADR 008): Chrome's captured `beforeinstallprompt` behind an Install
 * button on Android, Add-to-Home-Screen steps on iOS, how to leave an in-app browser there.
 * Hidden when running installed and once dismissed. Loaded by its gate (install-prompt.tsx) only
 * where it can show. Only the in-app help right after the open-in-browser attempt is rendered on
 * the server (it works without JavaScript); the rest appears after hydration as a floating bar,
 * so it shifts nothing.
 */
export default function InstallPromptUi() {
  const root = useRouteLoaderData<{ platform?: ClientPlatform; lang: Lang }>('root');
  const platform = root?.platform;
  // Its own strings part (ADR 030): only the pages that show the prompt load it.
  const strings = useMessages(root?.lang ?? 'vi', ['platform']);
  const t = (key: string, vars?: Record<string, string>) => translate(strings, key, vars);
  const location = useLocation();
  const hydrated = useHydrated();
  const mode = modeOf(platform);
  const event = useSyncExternalStore(onBip, bip, () => undefined);
  // null: the visitor has not decided yet, so what the platform and storage say applies.
  const [sheetChoice, setSheetChoice] = useState<boolean | null>(null);
  const [hidden, setHidden] = useState(false);
  const titleId = useId();

  useEffect(() => {
    // The flag did its job on the server: keep it out of the address bar and of shared links.
    const url = new URL(window.location.href);
    if (url.searchParams.has(ESCAPE_FLAG)) {
      url.searchParams.delete(ESCAPE_FLAG);
      window.history.replaceState(window.history.state, '', url);
    }
    const installed = () => setHidden(true);
    addEventListener('appinstalled', installed);
    return () => removeEventListener('appinstalled', installed);
  }, []);

  if (!mode) return null;

  // Read only after hydration, so the server's HTML and the first client render agree.
  const wanted = hydrated && !hidden && !standalone() && !stored(() => localStorage, dismissedKey);
  const bar = wanted && (mode !== 'prompt' || Boolean(event));
  // In an in-app browser the help opens by itself once per visit, wherever the visit starts;
  // right after the attempt it is in the server's HTML too, so it shows without JavaScript.
  const sheetOpen =
    mode !== 'prompt' &&
    (sheetChoice ??
      (mode === 'inApp' && (Boolean(platform?.escapeTried) || (wanted && !stored(() => sessionStorage, helpSeenKey)))));

  const dismiss = () => {
    stored(() => localStorage, dismissedKey, true);
    setHidden(true);
  };
  const closeSheet = () => {
    if (mode === 'inApp') stored(() => sessionStorage, helpSeenKey, true);
    setSheetChoice(false);
  };
  const install = async () => {
    if (mode !== 'prompt') return setSheetChoice(true);
    if (!event) return;
    await event.prompt();
    const { outcome } = await event.userChoice;
    if (outcome === 'accepted') setHidden(true);
  };
  const close = (e: MouseEvent) => {
    e.preventDefault();
    closeSheet();
  };

  const search = new URLSearchParams(location.search);
  search.delete(ESCAPE_FLAG);
  const query = search.toString();
  const here = `${location.pathname}${query ? `?${query}` : ''}`;
  const app = platform?.inApp && platform.inApp !== 'webview' ? appNames[platform.inApp] : t('platform.inApp.someApp');
  const steps =
    mode === 'ios'
      ? ['iosStep1', 'iosStep2', 'iosStep3'].map((k) => `platform.install.${k}`)
      : [1, 2, 3].map((n) => `platform.inApp.${platform?.os === 'ios' ? 'ios' : 'android'}Step${n}`);

  return (
    <>
      {bar && !sheetOpen ? (
        <aside className="install-bar" aria-label={t('platform.install.title')}>
          <img src="/favicon.svg" alt="" width="40" height="40" />
          <p>
            <strong>{t('platform.install.title')}</strong>
          </p>
          <button type="button" className="button button-primary" onClick={install}>
            {t(mode === 'prompt' ? 'platform.install.button' : 'platform.install.how')}
          </button>
          <button type="button" className="install-later" onClick={dismiss} aria-label={t('platform.install.later')}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                d="m6.4 5 5.6 5.6L17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4z"
                fill="currentColor"
              />
            </svg>
          </button>
        </aside>
      ) : null}
      {sheetOpen ? (
        <div className="install-backdrop" onClick={(e) => e.target === e.currentTarget && closeSheet()}>
          <section
            className="install-sheet"
            role="dialog"
            aria-modal="true"
            aria-labelledby={titleId}
            tabIndex={-1}
            // Focus moves into the sheet when it opens, so Escape and screen readers start there.
            ref={(sheet) => sheet?.focus()}
            onKeyDown={(e) => e.key === 'Escape' && closeSheet()}
          >
            <h2 id={titleId}>{t(mode === 'ios' ? 'platform.install.iosTitle' : 'platform.inApp.title')}</h2>
            {mode === 'inApp' ? <p className="muted">{t('platform.inApp.lead', { app })}</p> : null}
            <ol className="install-steps">
              {steps.map((key, i) => (
                <li key={key}>
                  {t(key)}
                  {mode === 'ios' && i === 0 ? <ShareIcon /> : null}
                </li>
              ))}
            </ol>
            {/* Without JavaScript the link reloads the page without the flag, so the sheet is gone. */}
            <a href={here} className="button button-secondary button-block" onClick={close}>
              {t('platform.install.close')}
            </a>
          </section>
        </div>
      ) : null}
    </>
  );
}

const appNames: Record<string, string> = {
  zalo: 'Zalo',
  facebook: 'Facebook',
  messenger: 'Messenger',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  line: 'LINE',
  wechat: 'WeChat',
  kakaotalk: 'KakaoTalk',
  snapchat: 'Snapchat',
  linkedin: 'LinkedIn',
  twitter: 'X',
};
