import { useEffect, useSyncExternalStore } from 'react';
import type { Lang } from '#api/codes.ts';
import { useMessages } from '#app/locales/messages.ts';
import { APP_VERSION_KEY, isNewVersion } from './pwa.ts';

const readStarted = () => {
  try {
    return localStorage.getItem(APP_VERSION_KEY);
  } catch {
    return null;
  }
};
const remember = (version: string) => {
  try {
    localStorage.setItem(APP_VERSION_KEY, version);
  } catch {
    // Private mode without storage: the prompt simply never shows.
  }
};
const onStorage = (listener: () => void) => {
  addEventListener('storage', listener);
  return () => removeEventListener('storage', listener);
};

/**
 * §2: the app-version setting changed since this browser started with the app (the version it
 * started with is remembered in localStorage): offer to reload into the new version.
 */
export function UpdatePrompt({ version, lang }: { version: string | null; lang: Lang }) {
  const texts = useMessages(lang, ['prompts']).prompts; // its own part, loaded with it (ADR 030)
  const started = useSyncExternalStore(onStorage, readStarted, () => null);
  useEffect(() => {
    if (version && !readStarted()) remember(version);
  }, [version]);
  if (!version || !isNewVersion(started, version)) return null;
  return (
    <div
      className="update-prompt"
      role="dialog"
      aria-labelledby="update-prompt-title"
      aria-describedby="update-prompt-body"
    >
      <p id="update-prompt-title" className="update-prompt-title">
        {texts.updateTitle}
      </p>
      <p id="update-prompt-body">{texts.updateBody.replace('{{version}}', version)}</p>
      <button
        type="button"
        className="button button-primary button-block"
        onClick={() => {
          remember(version);
          location.reload();
        }}
      >
        {texts.updateButton}
      </button>
    </div>
  );
}
