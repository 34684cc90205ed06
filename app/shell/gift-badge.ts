import type { MemberGift } from '#api/gift.ts';

/** The gift the header shows (§2): the member's current gift, its end date in words, and whether it is shown for the first time. */
export type GiftBadge = { gift: MemberGift; expires: string | null; firstTime: boolean };
