// The app shell's PWA pieces (ADR 009), grouped so root.tsx adds them in three places:
// `pwaLinks` in links, <PwaHead> in <head>, <PwaShell> in <body>.
import { lazy, Suspense, useEffect, useState } from 'react';
import type { LinksFunction } from 'react-router';
import type { Lang } from '#api/codes.ts';
import { useMessages } from '#app/locales/messages.ts';
import { OfflineAlert } from './offline-alert.tsx';
import { Splash, SplashScript } from './splash.tsx';

// Not needed to show or hydrate the page: loaded once the browser is idle after it (ADR 030's
// first-load budget), from the service worker's precache on later visits.
const PullToReload = lazy(() => import('./pull-to-reload.tsx').then((m) => ({ default: m.PullToReload })));
const UpdatePrompt = lazy(() => import('./update-prompt.tsx').then((m) => ({ default: m.UpdatePrompt })));
const WorkerBridge = lazy(() => import('./service-worker.tsx').then((m) => ({ default: m.WorkerBridge })));

/** False until the browser is first idle after hydration (at most 1 s). */
function useIdle() {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => setIdle(true), { timeout: 1000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(() => setIdle(true), 200); // Safari has no requestIdleCallback
    return () => clearTimeout(timer);
  }, []);
  return idle;
}

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
 * On every page, error pages included: the splash (server-rendered, CSS-driven) and the offline
 * alert at once; the service worker's side, the update prompt and pull-to-reload once idle.
 */
export function PwaShell({ lang, appVersion }: { lang: Lang; appVersion: string | null }) {
  const { app, pwa } = useMessages(lang);
  const idle = useIdle();
  return (
    <>
      <Splash name={app.name} slogan={app.slogan} />
      <OfflineAlert title={pwa.offlineTitle} body={pwa.offlineBody} close={pwa.offlineClose} />
      {idle ? (
        <Suspense fallback={null}>
          <WorkerBridge title={pwa.formSlowTitle} body={pwa.formSlowBody} close={pwa.offlineClose} />
          <UpdatePrompt version={appVersion} lang={lang} />
          <PullToReload lang={lang} />
        </Suspense>
      ) : null}
    </>
  );
}
