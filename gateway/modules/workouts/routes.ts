import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { Hono, type MiddlewareHandler } from 'hono';
import { etag } from 'hono/etag';
import { Codes } from '#api/codes.ts';
import { workoutEndpoints as endpoints } from '#api/endpoints/workouts.ts';
import { route } from '#gateway/http/route.ts';
import type { Executor } from '#gateway/db/client.ts';
import { workoutDrawings } from '#gateway/db/schema/index.ts';
import { requireAccount } from '#gateway/http/auth.ts';
import type { AppEnv } from '#gateway/http/context.ts';
import { ok } from '#gateway/http/envelope.ts';
import { ApiError, notFound } from '#gateway/http/errors.ts';
import { idParam } from '#gateway/http/validate.ts';
import { findMemberShell } from '#gateway/modules/accounts/queries.ts';
import {
  addFavorite,
  lessonDetail,
  lessonNames,
  listFavorites,
  listWorkoutTypes,
  readProgress,
  recordProgress,
  removeFavorite,
  workoutTypeDetail,
} from './service.ts';

/** Content changes only with a release: an hour in any cache, then revalidated by its ETag. */
const PUBLIC_CONTENT = 'public, max-age=3600, stale-while-revalidate=86400';

/** Public, cacheable content reads: the envelope's message follows accept-language, so caches keep one copy per language. */
const publicContent: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.res.status === 200 || c.res.status === 304) {
    c.header('cache-control', PUBLIC_CONTENT);
    c.header('vary', 'accept-language');
  }
};

const HASH = /^[0-9a-f]{8}$/;

type Drawing = { svg: string; etag: string };
/** Drawings already read, by "hash/file": a URL's bytes never change (its hash is in it). */
const drawingCache = new WeakMap<Executor, Map<string, Drawing>>();

async function findDrawing(db: Executor, hash: string, file: string): Promise<Drawing | null> {
  let cache = drawingCache.get(db);
  if (!cache) drawingCache.set(db, (cache = new Map()));
  const key = `${hash}/${file}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const [row] = await db
    .select({ svg: workoutDrawings.svg })
    .from(workoutDrawings)
    .where(and(eq(workoutDrawings.file, file), eq(workoutDrawings.hash, hash)));
  if (!row) return null;
  const drawing = { svg: row.svg, etag: `"${createHash('sha256').update(row.svg).digest('base64url')}"` };
  cache.set(key, drawing);
  return drawing;
}

/** Issue 15 (ADR 041): guided workouts' content (public), a member's favourite lessons and progress. */
export function workoutRoutes() {
  const app = new Hono<AppEnv>();
  const member = requireAccount();
  const content = [publicContent, etag()] as const;

  route(app, endpoints.tutorials, ...content, async (c) => ok(c, await listWorkoutTypes(c.get('deps').db)));

  route(app, endpoints.type, ...content, async (c) =>
    ok(c, await workoutTypeDetail(c.get('deps').db, idParam(c, 'typeId'))),
  );

  route(app, endpoints.lesson, ...content, async (c) =>
    ok(c, await lessonDetail(c.get('deps').db, idParam(c, 'lessonId'))),
  );

  // Only names of the set: 8 hex of the drawing's hash and a plain file name, nothing with a slash or dots to climb.
  route(app, endpoints.drawing, async (c) => {
    const hash = c.req.param('hash');
    const drawing = HASH.test(hash) ? await findDrawing(c.get('deps').db, hash, c.req.param('file')) : null;
    if (!drawing) throw notFound();
    const headers = {
      'cache-control': 'public, max-age=31536000, immutable',
      etag: drawing.etag,
      // An SVG can carry script: none of it runs, and it is never read as anything else.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      'x-content-type-options': 'nosniff',
    };
    const match = c.req.header('if-none-match');
    if (match && match.split(',').some((tag) => tag.trim() === drawing.etag)) return c.body(null, 304, headers);
    return c.body(drawing.svg, 200, { ...headers, 'content-type': 'image/svg+xml; charset=utf-8' });
  });

  route(app, endpoints.favorites, member, async (c) =>
    ok(c, await listFavorites(c.get('deps').db, c.get('account').id)),
  );

  route(app, endpoints.addFavorite, member, async (c) => {
    const { db, clock } = c.get('deps');
    return ok(c, await addFavorite(db, c.get('account').id, idParam(c, 'lessonId'), clock.now()), Codes.FAVORITE_ADDED);
  });

  route(app, endpoints.removeFavorite, member, async (c) =>
    ok(c, await removeFavorite(c.get('deps').db, c.get('account').id, idParam(c, 'lessonId')), Codes.FAVORITE_REMOVED),
  );

  route(app, endpoints.progress, member, async (c) => ok(c, await readProgress(c.get('deps').db, c.get('account').id)));

  route(app, endpoints.recordProgress, member, async (c) => {
    const { db, clock } = c.get('deps');
    return ok(c, await recordProgress(db, c.get('account').id, c.req.valid('json').events, clock.now(), c.get('lang')));
  });

  // Issue 18: each workout page in one read with the signed-in frame (api/workouts.ts *ScreenSchema).
  route(app, endpoints.screen, member, async (c) => {
    const { db, clock } = c.get('deps');
    const accountId = c.get('account').id;
    const [shell, types, favorites, progress] = await Promise.all([
      findMemberShell(db, accountId, clock.now()),
      listWorkoutTypes(db),
      listFavorites(db, accountId),
      readProgress(db, accountId),
    ]);
    if (!shell) throw new ApiError(401, Codes.SESSION_EXPIRED);
    const resumeLesson = progress.inProgress ? await lessonNames(db, progress.inProgress.lessonId) : null;
    return ok(c, { shell, types, favorites, progress, resumeLesson });
  });

  route(app, endpoints.typeScreen, member, async (c) => {
    const { db, clock } = c.get('deps');
    const accountId = c.get('account').id;
    const [shell, type, progress] = await Promise.all([
      findMemberShell(db, accountId, clock.now()),
      workoutTypeDetail(db, idParam(c, 'typeId')),
      readProgress(db, accountId),
    ]);
    if (!shell) throw new ApiError(401, Codes.SESSION_EXPIRED);
    return ok(c, { shell, type, progress });
  });

  // /workout/newbie: the beginner programme (the one type of kind PROGRAMME), as a type's screen.
  route(app, endpoints.programmeScreen, member, async (c) => {
    const { db, clock } = c.get('deps');
    const accountId = c.get('account').id;
    const programme = (await listWorkoutTypes(db)).find((type) => type.kind === 'PROGRAMME');
    if (!programme) throw notFound();
    const [shell, type, progress] = await Promise.all([
      findMemberShell(db, accountId, clock.now()),
      workoutTypeDetail(db, programme.id),
      readProgress(db, accountId),
    ]);
    if (!shell) throw new ApiError(401, Codes.SESSION_EXPIRED);
    return ok(c, { shell, type, progress });
  });

  route(app, endpoints.lessonScreen, member, async (c) => {
    const { db, clock } = c.get('deps');
    const accountId = c.get('account').id;
    const lessonId = idParam(c, 'lessonId');
    const [shell, lesson, favorites, progress] = await Promise.all([
      findMemberShell(db, accountId, clock.now()),
      lessonDetail(db, lessonId),
      listFavorites(db, accountId),
      readProgress(db, accountId),
    ]);
    if (!shell) throw new ApiError(401, Codes.SESSION_EXPIRED);
    return ok(c, {
      shell,
      lesson,
      favorite: favorites.some((f) => f.id === lessonId),
      progress: progress.lessons.find((p) => p.lessonId === lessonId) ?? null,
    });
  });

  return app;
}
