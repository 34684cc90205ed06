import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { appSettings } from '#gateway/db/schema/index.ts';
import { generalEndpoints as endpoints } from '#api/endpoints/general.ts';
import type { AppEnv } from '#gateway/http/context.ts';
import { ok } from '#gateway/http/envelope.ts';
import { notFound } from '#gateway/http/errors.ts';
import { route } from '#gateway/http/route.ts';

export const APP_VERSION_SETTING = 'app_version';

/** §7 General: public reads of the chain's settings. */
export function generalRoutes() {
  const app = new Hono<AppEnv>();
  route(app, endpoints.version, async (c) => {
    const [row] = await c.get('deps').db.select().from(appSettings).where(eq(appSettings.key, APP_VERSION_SETTING));
    if (!row) throw notFound();
    c.header('cache-control', 'public, max-age=900');
    return ok(c, { settingValueVi: row.valueVi, settingValueEn: row.valueEn });
  });
  return app;
}
