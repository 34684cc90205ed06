// The GM's settings and staff notices (ADR 052): the limits and choices the pages draw with. No zod
// here: the pages' own code imports this, and zod stays out of the browser (bundle.spec).

/** Money in VND: a whole, positive number of dong, at most one billion. */
export const MAX_PRICE_VND = 1_000_000_000;
export const MAX_TITLE = 200;
export const MAX_SECTION_HEADING = 200;
export const MAX_SECTION_BODY = 5_000;
export const MAX_SECTIONS = 30;
export const MAX_NOTICE_TITLE = 100;
export const MAX_NOTICE_BODY = 1_000;
export const MAX_CAMPAIGN_COUPONS = 20;

export const couponTargets = ['membership', 'joining_fee', 'both'] as const;
