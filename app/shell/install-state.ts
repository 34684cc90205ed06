import type { ClientPlatform } from '#app/server/platform.ts';

// The state the install prompt reads (ADR 008), shared by its small gate (install-prompt.tsx,
// in every page) and its lazily loaded bar and sheet (install-prompt-ui.tsx).

export type InstallEvent = Event & {
  prompt(): Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};
export type Mode = 'prompt' | 'ios' | 'inApp';

export const dismissedKey = 'vietfit.install.dismissed';
export const helpSeenKey = 'vietfit.inAppHelp.seen';

// Storage can throw (private modes, some in-app browsers): then nothing is remembered.
export function stored(storage: () => Storage, key: string, set?: boolean): boolean {
  try {
    if (set) storage().setItem(key, '1');
    return storage().getItem(key) === '1';
  } catch {
    return false;
  }
}
export const bip = () => (window as Window & { __bip?: InstallEvent }).__bip;
// The inline script in root's <head> keeps the event on window and announces it as "bip".
export const onBip = (changed: () => void) => {
  addEventListener('bip', changed);
  return () => removeEventListener('bip', changed);
};

export const standalone = () =>
  matchMedia('(display-mode: standalone)').matches ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

export function modeOf(platform: ClientPlatform | undefined): Mode | null {
  if (!platform || platform.kind === 'bot' || platform.kind === 'desktop') return null;
  if (platform.inApp && platform.os !== 'other') return 'inApp';
  return platform.os === 'ios' ? 'ios' : 'prompt';
}
