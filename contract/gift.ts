import { z } from 'zod';

/** §3 Member gift. GET /api/v1/member/gift answers the member's newest unused gift, or null. */
export const memberGiftSchema = z.object({
  memberGiftId: z.number(),
  titleVi: z.string(),
  titleEn: z.string(),
  descriptionVi: z.string(),
  descriptionEn: z.string(),
  expiresAt: z.string().nullable(),
});
export type MemberGift = z.infer<typeof memberGiftSchema>;

export const currentGiftSchema = memberGiftSchema.nullable();
