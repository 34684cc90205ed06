import { z } from 'zod';
import { generalEndpoints } from '#api/endpoints/general.ts';
import { webConfig } from './config.server.ts';
import { gatewayFetch } from './gateway-http.server.ts';

// §7 GET /api/v1/general/version, "cached 15 minutes": one value for every visitor (it is public
// and the same for all), so it is fetched without any member's token and kept in this process.
const versionEnvelope = z.object({ code: z.literal(1000), data: generalEndpoints.version.response });

/** §3 "App version setting", as the gateway gives it. */
export type AppVersionSetting = z.infer<typeof versionEnvelope>['data'];

const cacheMs = () => {
  const seconds = Number(process.env.APP_VERSION_CACHE_SECONDS ?? 900);
  return (Number.isFinite(seconds) && seconds >= 0 ? seconds : 900) * 1000;
};
// A gateway that does not answer is asked again after 30 s at most, not on every page.
const RETRY_MS = 30_000;

let cached: { value: AppVersionSetting | null; until: number } | undefined;
let pending: Promise<AppVersionSetting | null> | undefined;

async function fetchVersion(): Promise<AppVersionSetting> {
  const response = await gatewayFetch(generalEndpoints.version, {
    headers: { accept: 'application/json' },
    timeoutMs: Math.min(webConfig.gatewayTimeoutMs, 3_000),
  });
  if (!response) throw new Error('gateway unreachable');
  return versionEnvelope.parse(await response.json()).data;
}

/** The app-version setting in both languages, or null when the gateway has none to give (the page never waits long for it). */
export function appVersionSetting(now = Date.now()): Promise<AppVersionSetting | null> {
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

/** The version the update prompt compares (§3 "App version setting: settingValueEn"). */
export const appVersion = async (now = Date.now()) => (await appVersionSetting(now))?.settingValueEn ?? null;

/** For tests: forget the cached value. */
export const resetAppVersionCache = () => {
  cached = undefined;
  pending = undefined;
};
