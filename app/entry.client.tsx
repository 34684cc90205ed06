import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { defaultLanguage, isLang } from '#app/i18n.ts';
import { knowPartUrls, loadMessages, type StringsPart } from '#app/locales/messages.ts';
import stylesheetUrl from './styles.css?url';

// The page's strings are cached chunks of their own (ADR 024, 030): hydration renders what the
// server rendered, so it starts once the parts named by <html data-strings>, in the language of
// <html lang>, are in memory. <html data-strings-src> says where each is, in the same order (ADR 054).
const lang = isLang(document.documentElement.lang) ? document.documentElement.lang : defaultLanguage;
const { strings, stringsSrc = '' } = document.documentElement.dataset;
const parts = (strings ? strings.split(' ') : []) as StringsPart[];
const urls = stringsSrc.split(' ');
knowPartUrls(lang, Object.fromEntries(parts.map((part, i) => [part, urls[i]])));

/**
 * ADR 029: the server's HTML holds only the rules its own markup uses. The whole sheet (hashed,
 * cached, precached by the service worker) comes before hydration, so whatever React renders next
 * (a client navigation, a state of a component) is styled. A sheet that fails to load delays nothing.
 */
function loadWholeStylesheet() {
  return new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = stylesheetUrl;
    link.onload = link.onerror = () => resolve();
    document.head.appendChild(link);
  });
}

void Promise.all([
  loadMessages(lang, parts).catch(() => undefined), // a chunk that failed to load: the root suspends and imports it again
  loadWholeStylesheet(),
]).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
      {
        // React recovered (it rendered again); what went wrong is the error's cause: log that too.
        onRecoverableError(error) {
          console.error(error, (error as { cause?: unknown } | null)?.cause);
        },
      },
    );
  });
});
