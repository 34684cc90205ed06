import { Hono } from 'hono';
import type { AppEnv } from '#gateway/http/context.ts';
import { ok, publicCache } from '#gateway/http/envelope.ts';
import { notFound } from '#gateway/http/errors.ts';
import { idParam } from '#gateway/http/validate.ts';
import { findActiveClub } from '#gateway/modules/plans/queries.ts';
import { activePackages, trainersAtClub } from './queries.ts';

/** §7 Global: PT packages and the trainers of a club (issue 13 §1, ADR 044). */
export function ptRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/global/pt-packages', async (c) => {
    const packages = await activePackages(c.get('deps').db);
    publicCache(c);
    return ok(c, packages);
  });

  app.get('/global/club/:clubId/pt-packages', async (c) => {
    const { db } = c.get('deps');
    const clubId = idParam(c, 'clubId');
    if (!(await findActiveClub(db, clubId))) throw notFound();
    publicCache(c);
    return ok(c, await activePackages(db, clubId));
  });

  app.get('/global/club/:clubId/pts', async (c) => {
    const { db, clock } = c.get('deps');
    const clubId = idParam(c, 'clubId');
    if (!(await findActiveClub(db, clubId))) throw notFound();
    publicCache(c);
    return ok(c, await trainersAtClub(db, clubId, clock.now()));
  });

  return app;
}
