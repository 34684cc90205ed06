import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { defaultLanguage, isLang } from '#app/i18n.ts';
import { loadMessages } from '#app/locales/messages.ts';

// The page's strings are a cached chunk of their own (ADR 024): hydration renders what the
// server rendered, so it starts once the language of <html lang> is in memory.
const lang = document.documentElement.lang;

void loadMessages(isLang(lang) ? lang : defaultLanguage)
  .catch(() => undefined) // a chunk that failed to load: the root suspends and imports it again
  .then(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    });
  });
