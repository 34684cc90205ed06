import { Hono } from 'hono';
import { Codes } from '#api/codes.ts';
import { inbodyEndpoints as endpoints } from '#api/endpoints/inbody.ts';
import { INBODY_IMAGE_FIELD } from '#api/inbody.ts';
import { findUnstorableText } from '#api/text.ts';
import { validationMessage } from '#api/validation.ts';
import { requireAccount } from '#gateway/http/auth.ts';
import { route } from '#gateway/http/route.ts';
import type { AppEnv } from '#gateway/http/context.ts';
import { ok } from '#gateway/http/envelope.ts';
import { ApiError } from '#gateway/http/errors.ts';
import { idParam, readForm } from '#gateway/http/validate.ts';
import { imageUploadLimit } from '#gateway/modules/media/upload.ts';
import { findMemberShell } from '#gateway/modules/accounts/queries.ts';
import { startManualEntry } from './manual.ts';
import {
  deleteInbody,
  detectInbody,
  inbodyPhoto,
  latestDraft,
  listInbody,
  prepareInbodyReading,
  updateInbody,
} from './service.ts';

/** Issue 14 (ADR 042): InBody sheets read from photos, confirmed by the member, and their history. */
export function inbodyRoutes() {
  const app = new Hono<AppEnv>();
  const member = requireAccount();

  route(app, endpoints.list, member, async (c) =>
    ok(c, await listInbody(c.get('deps').db, c.get('account').id, c.req.valid('query'))),
  );

  // Issue 18: /inbody in one read with the signed-in frame: every confirmed record, newest first
  // (a member measures a few times a year: the summary, detail and history tabs need them all).
  route(app, endpoints.screen, member, async (c) => {
    const { db, clock } = c.get('deps');
    const accountId = c.get('account').id;
    const now = clock.now();
    const [shell, list, draft] = await Promise.all([
      findMemberShell(db, accountId, now),
      listInbody(db, accountId, { page: 1, limit: 50, isFull: true }),
      latestDraft(db, accountId, now),
    ]);
    if (!shell) throw new ApiError(401, Codes.SESSION_EXPIRED);
    return ok(c, { shell, records: list.items, draft });
  });

  // ADR 085: the web server says a photo is on its way as soon as its upload begins.
  route(app, endpoints.prepare, member, (c) => {
    prepareInbodyReading(c.get('deps'));
    return ok(c);
  });

  route(app, endpoints.detect, member, imageUploadLimit(), async (c) => {
    const form = await readForm(c);
    const image = form[INBODY_IMAGE_FIELD];
    // An empty file input arrives as a nameless empty file: that is no photo.
    if (!(image instanceof File) || image.size === 0) {
      throw new ApiError(400, Codes.VALIDATION, {
        fieldErrors: { [INBODY_IMAGE_FIELD]: [validationMessage('required', c.get('lang'))] },
      });
    }
    return ok(c, await detectInbody(c.get('deps'), c.get('account').id, image), Codes.INBODY_UPLOADED);
  });

  // ADR 066: the values typed from the sheet when its photo cannot be read: an empty draft to fill.
  route(app, endpoints.manual, member, async (c) =>
    ok(c, await startManualEntry(c.get('deps'), c.get('account').id), Codes.INBODY_UPLOADED),
  );

  route(
    app,
    endpoints.update,
    member,
    async (c, next) => {
      // The id first: another member's or a malformed id is 404 whatever the body.
      idParam(c, 'id');
      await next();
    },
    async (c) => {
      const body = c.req.valid('json');
      if (findUnstorableText(body) !== undefined) throw new ApiError(400, Codes.VALIDATION);
      return ok(
        c,
        await updateInbody(c.get('deps'), c.get('account').id, idParam(c, 'id'), body),
        Codes.INBODY_UPDATED,
      );
    },
  );

  route(app, endpoints.remove, member, async (c) => {
    await deleteInbody(c.get('deps').db, c.get('account').id, idParam(c, 'id'));
    return ok(c, null, Codes.INBODY_DELETED);
  });

  route(app, endpoints.photo, member, async (c) => {
    const media = await inbodyPhoto(c.get('deps').db, c.get('account').id, idParam(c, 'id'));
    const id = c.req.param('id');
    return c.body(new Uint8Array(media.bytes), 200, {
      'content-type': media.contentType,
      // The member's body: never in a shared cache.
      'cache-control': 'private, no-store',
      'content-security-policy': "default-src 'none'",
      'content-disposition': `${c.req.query('download') === undefined ? 'inline' : 'attachment'}; filename="inbody-${id}.webp"`,
    });
  });

  return app;
}
