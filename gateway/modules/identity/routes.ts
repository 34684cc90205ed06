import { bodyLimit } from 'hono/body-limit';
import { Hono } from 'hono';
import { identityEndpoints as endpoints } from '#api/endpoints/identity.ts';
import { route } from '#gateway/http/route.ts';
import { Codes } from '#api/codes.ts';
import {
  ID_BACK_FIELD,
  ID_FRONT_FIELD,
  RECOGNITION_TYPE_FIELD,
  RecognitionTypes,
  recognitionTypeSchema,
} from '#api/identity.ts';
import { validationMessage } from '#api/validation.ts';
import { requireAccount } from '#gateway/http/auth.ts';
import type { AppEnv } from '#gateway/http/context.ts';
import { ok } from '#gateway/http/envelope.ts';
import { ApiError } from '#gateway/http/errors.ts';
import { MAX_UPLOAD_BYTES } from '#gateway/modules/media/image.ts';
import { findIdentity, verifyIdentity } from './service.ts';

// Two photos of the largest allowed size and the multipart framing around them.
const MAX_BODY = 2 * MAX_UPLOAD_BYTES + 64 * 1024;

/** Issue 16 §3 (ADR 040): the member's ID card or passport, read from photos and checked. */
export function identityRoutes() {
  const app = new Hono<AppEnv>();
  const member = requireAccount();

  route(app, endpoints.read, member, async (c) => ok(c, await findIdentity(c.get('deps').db, c.get('account').id)));

  route(
    app,
    endpoints.recognize,
    member,
    bodyLimit({
      maxSize: MAX_BODY,
      onError: () => {
        throw new ApiError(413, Codes.FILE_TOO_LARGE);
      },
    }),
    async (c) => {
      const lang = c.get('lang');
      const form = await c.req.parseBody().catch(() => {
        throw new ApiError(400, Codes.VALIDATION);
      });
      const type = recognitionTypeSchema.safeParse(form[RECOGNITION_TYPE_FIELD]);
      const front = form[ID_FRONT_FIELD];
      const back = form[ID_BACK_FIELD];
      const fieldErrors: Record<string, string[]> = {};
      if (!type.success) fieldErrors[RECOGNITION_TYPE_FIELD] = [validationMessage('required', lang)];
      // An empty file input arrives as a nameless empty file: that is no photo.
      if (!(front instanceof File) || front.size === 0)
        fieldErrors[ID_FRONT_FIELD] = [validationMessage('required', lang)];
      if (back !== undefined && !(back instanceof File))
        fieldErrors[ID_BACK_FIELD] = [validationMessage('invalid', lang)];
      if (Object.keys(fieldErrors).length > 0 || !type.success || !(front instanceof File))
        throw new ApiError(400, Codes.VALIDATION, { fieldErrors });
      const documentType = type.data === RecognitionTypes.PASSPORT ? 'PASSPORT' : 'ID_CARD';
      // A passport has one page to read; a card's back is read when sent.
      const backPhoto = documentType === 'ID_CARD' && back instanceof File && back.size > 0 ? back : undefined;
      return ok(c, await verifyIdentity(c.get('deps'), c.get('account').id, { documentType, front, back: backPhoto }));
    },
  );

  return app;
}
