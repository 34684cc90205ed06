// The app shell's PWA pieces (ADR 009), grouped so root.tsx adds them in three places:
// `pwaLinks` in links, <PwaHead> in <head>, <PwaShell> in <body>.
import { lazy, Suspense, useEffect, useState } from 'react';
import type { LinksFunction } from 'react-router';
import type { Lang } from '#api/codes.ts';
import { useMessages } from '#app/locales/messages.ts';
// eslint-disable-next-line no-restricted-imports -- public/ has no alias: the icon file itself, written by scripts/icons.mjs
import faviconSvg from '../../public/favicon.svg?raw';
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

/**
 * The favicon as a data URL (ADR 083): Chromium asks for the icon beside the page's modules, and on
 * a weak 3G link (HTTP/1.1, 6 connections) that request held a connection a round trip the modules
 * waited for. About 300 bytes of gzipped HTML instead. public/favicon.svg stays for the offline page.
 */
const faviconHref = `data:image/svg+xml,${faviconSvg.trim().replace(/["<>#%]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;

export const pwaLinks: ReturnType<LinksFunction> = [
  { rel: 'icon', href: faviconHref, type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
];

/**
 * ADR 087: the web app manifest is linked once the page is idle after hydration, not from the HTML.
 * Chromium fetched a linked manifest (and then its 192 px icon) while the page was still parsing,
 * beside the page's own files: on slow 4G a request and a connection the page did not need to show
 * or hydrate, and in Lighthouse's simulation a round trip on the LCP's path (9 of 32 runs, the LCP
 * 18–124 ms above the FCP). The install prompt comes once the page is in use (ADR 008); Chromium
 * reads a manifest linked later as one linked at first. Without JavaScript the <noscript> copy links it.
 */
const MANIFEST_HREF = '/manifest.webmanifest';

/** Installed-app metadata for iOS (Android reads the manifest) and the splash decision. */
export function PwaHead({ nonce }: { nonce: string }) {
  return (
    <>
      <meta name="mobile-web-app-capable" content="yes" />
      <meta name="apple-mobile-web-app-capable" content="yes" />
      <meta name="apple-mobile-web-app-title" content="VietFit" />
      <meta name="apple-mobile-web-app-status-bar-style" content="black" />
      <noscript
        dangerouslySetInnerHTML={{ __html: `<link rel="manifest" href="${MANIFEST_HREF}">` }}
        suppressHydrationWarning
      />
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
      {idle ? <link rel="manifest" href={MANIFEST_HREF} /> : null}
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
