import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { Lang } from '#api/codes.ts';
import { loadMessages } from '#app/locales/messages.ts';
import { useHydrated } from '#app/ui/hooks.ts';
import type { ClientPlatform } from '#app/server/platform.ts';
import { bip, dismissedKey, modeOf, onBip, standalone, stored } from './install-state.ts';

const InstallPromptUi = lazy(() => import('./install-prompt-ui.tsx'));

/**
 * The install-app prompt's gate (ADR 008, 030): its bar and sheet, and their strings, load only
 * where they can show — a phone's browser, not installed, not dismissed, and on Android once Chrome
 * offered the install — so an installed app or a desktop never downloads them. Right after an
 * in-app browser's open-in-browser attempt the help is in the server's HTML (it works without
 * JavaScript) and hydrates once its code arrives.
 */
export function InstallPrompt() {
  const root = useRouteLoaderData<{ platform?: ClientPlatform; lang: Lang }>('root');
  const platform = root?.platform;
  const hydrated = useHydrated();
  const event = useSyncExternalStore(onBip, bip, () => undefined);
  const mode = modeOf(platform);
  if (!mode || !root) return null;
  const inServerHtml = mode === 'inApp' && Boolean(platform?.escapeTried);
  const canShow =
    hydrated && !standalone() && !stored(() => localStorage, dismissedKey) && (mode !== 'prompt' || Boolean(event));
  if (!inServerHtml && !canShow) return null;
  void loadMessages(root.lang, ['platform']).catch(() => undefined); // beside the code, not after it
  return (
    <Suspense fallback={null}>
      <InstallPromptUi />
    </Suspense>
  );
}
