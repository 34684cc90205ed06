import { Hono } from 'hono';
import { generalEndpoints as endpoints } from '#api/endpoints/general.ts';
import type { AppEnv } from '#gateway/http/context.ts';
import { ok, publicCache } from '#gateway/http/envelope.ts';
import { notFound } from '#gateway/http/errors.ts';
import { route } from '#gateway/http/route.ts';
import { idParam } from '#gateway/http/validate.ts';
import { activePaymentMethodGroups, citiesWithClubs, findClub, listClubs } from './queries.ts';
import { cachedClubsBusyness } from './busyness.ts';

/** §7 General: public reads of cities, clubs and payment method groups. */
export function clubRoutes() {
  const app = new Hono<AppEnv>();

  route(app, endpoints.citiesWithClubs, async (c) => {
    const rows = await citiesWithClubs(c.get('deps').db);
    publicCache(c);
    return ok(c, rows);
  });

  route(app, endpoints.clubs, async (c) => {
    const rows = await listClubs(c.get('deps').db, c.req.valid('query'));
    publicCache(c);
    return ok(c, rows);
  });

  // Issue 11 §3: how busy each club is now and usually today (from visits), cached a minute.
  route(app, endpoints.busyness, async (c) => {
    const { db, clock } = c.get('deps');
    c.header('cache-control', 'public, max-age=60');
    return ok(c, await cachedClubsBusyness(db, clock.now()));
  });

  route(app, endpoints.club, async (c) => {
    const club = await findClub(c.get('deps').db, idParam(c, 'clubId'));
    if (!club) throw notFound();
    publicCache(c);
    return ok(c, club);
  });

  route(app, endpoints.paymentMethodGroups, async (c) => {
    const rows = await activePaymentMethodGroups(c.get('deps').db);
    publicCache(c);
    return ok(c, rows);
  });

  return app;
}
