// Small, browser-safe decisions of the app shell's PWA behaviours (tested in pwa.test.ts).

/** §9: a pull of 70 px at the top of the page reloads it. */
export const PULL_THRESHOLD = 70;

/** Where the pull indicator sits for a finger pull of `dy` px: it follows the finger at half speed, up to 1.5 × the threshold. */
export const pullOffset = (dy: number) => Math.min(Math.max(dy, 0) / 2, PULL_THRESHOLD * 0.75);

/** A pull reloads once it is at least the threshold long and mostly vertical. */
export const pullReloads = (dy: number, dx: number) => dy >= PULL_THRESHOLD && Math.abs(dx) < dy;

/** §3 "app version": the version this browser started with, kept in localStorage. */
export const APP_VERSION_KEY = 'appVersion';

/** The page runs an older version than the server announces: offer the update. */
export const isNewVersion = (started: string | null, current: string | null) =>
  Boolean(started && current && started !== current);
