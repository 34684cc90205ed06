// The app shell's PWA pieces (ADR 009), grouped so root.tsx adds them in three places:
// `pwaLinks` in links, <PwaHead> in <head>, <PwaShell> in <body>.
import type { LinksFunction } from 'react-router';
import type { Lang } from '#contract/codes.ts';
import { useMessages } from '#app/locales/messages.ts';
import { OfflineAlert } from './offline-alert.tsx';
import { PullToReload } from './pull-to-reload.tsx';
import { useServiceWorker } from './service-worker.tsx';
import { Splash, SplashScript } from './splash.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

export const pwaLinks: ReturnType<LinksFunction> = [
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
];

/** Installed-app metadata for iOS (Android reads the manifest) and the splash decision. */
export function PwaHead({ nonce }: { nonce: string }) {
  return (
    <>
      <meta name="mobile-web-app-capable" content="yes" />
      <meta name="apple-mobile-web-app-capable" content="yes" />
      <meta name="apple-mobile-web-app-title" content="VietFit" />
      <meta name="apple-mobile-web-app-status-bar-style" content="black" />
      <SplashScript nonce={nonce} />
    </>
  );
}

/**
 * On every page, error pages included: the splash (server-rendered, CSS-driven), the offline
 * alert, the update prompt, pull-to-reload and the service worker. About 1.6 KB gz of JavaScript.
 */
export function PwaShell({ lang, appVersion }: { lang: Lang; appVersion: string | null }) {
  useServiceWorker();
  const { app, pwa } = useMessages(lang);
  return (
    <>
      <Splash name={app.name} slogan={app.slogan} />
      <OfflineAlert title={pwa.offlineTitle} body={pwa.offlineBody} />
      <UpdatePrompt version={appVersion} texts={pwa} />
      <PullToReload pull={pwa.pullToReload} release={pwa.releaseToReload} />
    </>
  );
}
