import { Hono } from 'hono';
import { generalEndpoints as endpoints } from '#api/endpoints/general.ts';
import type { AppEnv } from '#gateway/http/context.ts';
import { notFound } from '#gateway/http/errors.ts';
import { route } from '#gateway/http/route.ts';
import { findMedia } from './queries.ts';

/** Kinds served only by their own owner-checked routes (an InBody sheet photo: member/inbody/{id}/photo). */
const PRIVATE_KINDS = new Set(['inbody']);

/** Serves stored images by their unguessable id (avatars are not secret, but never listable). */
export function mediaRoutes() {
  const app = new Hono<AppEnv>();
  route(app, endpoints.media, async (c) => {
    const media = await findMedia(c.get('deps').db, c.req.param('id'));
    if (!media || PRIVATE_KINDS.has(media.kind)) throw notFound();
    return c.body(new Uint8Array(media.bytes), 200, {
      'content-type': media.contentType,
      'cache-control': 'private, max-age=31536000, immutable',
      'content-security-policy': "default-src 'none'",
    });
  });
  return app;
}
