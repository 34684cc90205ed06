import { Hono } from 'hono';
import { Codes } from '#api/codes.ts';
import { feedbackEndpoints as endpoints } from '#api/endpoints/feedback.ts';
import { HONEYPOT_FIELD, publicReportFields, REPORT_PHOTO_FIELD } from '#api/feedback.ts';
import { staffAccountTypes } from '#api/staff.ts';
import { validationMessage } from '#api/validation.ts';
import { requireAccount } from '#gateway/http/auth.ts';
import type { AppEnv } from '#gateway/http/context.ts';
import { ok } from '#gateway/http/envelope.ts';
import { ApiError, validationError } from '#gateway/http/errors.ts';
import { route } from '#gateway/http/route.ts';
import { idParam } from '#gateway/http/validate.ts';
import { imageUploadLimit, reencodeUpload } from '#gateway/modules/media/upload.ts';
import { loadStaff, worksAt } from '#gateway/modules/accounts/staff.ts';
import {
  assertActiveClub,
  listFeedback,
  markHandled,
  recordMemberFeedback,
  recordPublicReport,
  REPORT_PHOTO_SIDE,
  takeReportSlot,
} from './service.ts';

/** Issue 16 §1 (ADR 039): members' feedback, visitors' reports from a club's poster, and the staff's reading of both. */
export function feedbackRoutes() {
  const app = new Hono<AppEnv>();

  route(app, endpoints.send, requireAccount(), async (c) => {
    await recordMemberFeedback(c.get('deps'), c.get('account').id, c.req.valid('json'));
    return ok(c, null, Codes.REPORT_RECORDED);
  });

  // No token: anyone in the club. It answers 1120 and nothing else, so it reads nothing out.
  route(app, endpoints.customerReport, imageUploadLimit(), async (c) => {
    const deps = c.get('deps');
    const lang = c.get('lang');
    const form = await c.req.parseBody().catch(() => {
      throw new ApiError(400, Codes.VALIDATION);
    });
    const text = Object.fromEntries(Object.entries(form).filter(([, value]) => typeof value === 'string'));
    // The honeypot: a person never sees the field; a bot that fills it is thanked and forgotten.
    if (typeof form[HONEYPOT_FIELD] === 'string' && form[HONEYPOT_FIELD].trim() !== '')
      return ok(c, null, Codes.REPORT_RECORDED);
    const parsed = publicReportFields.safeParse(text);
    if (!parsed.success) throw validationError(parsed.error, lang);
    const photo = form[REPORT_PHOTO_FIELD];
    if (photo !== undefined && !(photo instanceof File)) {
      throw new ApiError(400, Codes.VALIDATION, {
        fieldErrors: { [REPORT_PHOTO_FIELD]: [validationMessage('invalid', lang)] },
      });
    }
    await assertActiveClub(deps.db, parsed.data.clubId);
    await takeReportSlot(deps, parsed.data.clubId, c.get('clientIp'));
    // An empty file input (no photo chosen) arrives as a nameless empty file.
    const image = photo && photo.size > 0 ? await reencodeUpload(photo, REPORT_PHOTO_SIDE) : undefined;
    await recordPublicReport(deps, parsed.data, image);
    return ok(c, null, Codes.REPORT_RECORDED);
  });

  const staffOnly = requireAccount(staffAccountTypes);

  route(app, endpoints.staffList, staffOnly, async (c) => {
    const { db } = c.get('deps');
    const staff = await loadStaff(db, c.get('account').id);
    const query = c.req.valid('query');
    // Another club named explicitly is 403 for the front desk (ADR 049), as at the door and in the audit log.
    if (query.clubId !== undefined && !worksAt(staff, query.clubId)) throw new ApiError(403, Codes.FORBIDDEN);
    return ok(c, await listFeedback(db, staff, query));
  });

  route(app, endpoints.staffHandled, staffOnly, async (c) => {
    const deps = c.get('deps');
    const staff = await loadStaff(deps.db, c.get('account').id);
    return ok(c, await markHandled(deps, staff, idParam(c, 'id'), c.req.valid('json').reply));
  });

  return app;
}
