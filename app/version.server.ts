import { z } from 'zod';
import { webConfig } from './config.server.ts';

// §7 GET /api/v1/general/version, "cached 15 minutes": one value for every visitor (it is public
// and the same for all), so it is fetched without any member's token and kept in this process.
const versionEnvelope = z.object({ code: z.literal(1000), data: z.object({ settingValueEn: z.string().min(1) }) });

const cacheMs = () => {
  const seconds = Number(process.env.APP_VERSION_CACHE_SECONDS ?? 900);
  return (Number.isFinite(seconds) && seconds >= 0 ? seconds : 900) * 1000;
};
// A gateway that does not answer is asked again after 30 s at most, not on every page.
const RETRY_MS = 30_000;

let cached: { value: string | null; until: number } | undefined;
let pending: Promise<string | null> | undefined;

async function fetchVersion(): Promise<string | null> {
  const response = await fetch(`${webConfig.gatewayUrl}/api/v1/general/version`, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(Math.min(webConfig.gatewayTimeoutMs, 3_000)),
  });
  // §3 "App version setting: settingValueEn".
  return versionEnvelope.parse(await response.json()).data.settingValueEn;
}

/** The app-version setting, or null when the gateway has none to give (the page never waits long for it). */
export function appVersion(now = Date.now()): Promise<string | null> {
  if (cached && now < cached.until) return Promise.resolve(cached.value);
  pending ??= fetchVersion()
    .then(
      (value) => (cached = { value, until: Date.now() + cacheMs() }),
      () => (cached = { value: cached?.value ?? null, until: Date.now() + Math.min(cacheMs(), RETRY_MS) }),
    )
    .then(({ value }) => value)
    .finally(() => (pending = undefined));
  return pending;
}

/** For tests: forget the cached value. */
export const resetAppVersionCache = () => {
  cached = undefined;
  pending = undefined;
};
