import { z } from 'zod';
import { idempotencyKeySchema, inAppLinkSchema, staffNoticeBody, type StaffNoticeBody } from '#api/staff-settings.ts';
import { phoneNumberSchema } from '#api/validation.ts';

const { titleVi, titleEn, bodyVi, bodyEn } = staffNoticeBody.shape;

/**
 * The notice form: to one member by phone or to a club's members, the texts in both languages, an
 * optional in-app link, and the form's one-time key (a double tap sends once, ADR 052).
 */
export const noticeForm = z
  .object({
    target: z.enum(['member', 'club'], { error: 'required' }),
    phoneNumber: z.string().optional(),
    clubId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    titleVi,
    titleEn,
    bodyVi,
    bodyEn,
    link: inAppLinkSchema,
    idempotencyKey: idempotencyKeySchema,
  })
  .superRefine((form, ctx) => {
    if (form.target === 'member') {
      const phone = phoneNumberSchema.safeParse(form.phoneNumber);
      if (!phone.success)
        ctx.addIssue({
          code: 'custom',
          path: ['phoneNumber'],
          message: phone.error.issues[0]?.message ?? 'phoneInvalid',
        });
    } else if (form.clubId === undefined) ctx.addIssue({ code: 'custom', path: ['clubId'], message: 'required' });
  });
export type NoticeForm = z.infer<typeof noticeForm>;

/** What the gateway is sent for a valid form. */
export function noticeBody(form: NoticeForm): StaffNoticeBody {
  const to =
    form.target === 'member'
      ? { phoneNumber: phoneNumberSchema.parse(form.phoneNumber) as string }
      : { clubId: form.clubId as number };
  return {
    to,
    titleVi: form.titleVi,
    titleEn: form.titleEn,
    bodyVi: form.bodyVi,
    bodyEn: form.bodyEn,
    link: form.link,
  };
}

/** A fresh key for each notice form drawn (the same key survives a refused submit: the form keeps it). */
export const newIdempotencyKey = () => crypto.randomUUID();
