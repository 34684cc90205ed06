// The staff-edited pages (§2 Account, ADR 052), without zod: the GM's settings page draws its page
// buttons with them in the browser (bundle.spec).
export const contentPageSlugs = ['terms-condition', 'privacy', 'about', 'support'] as const;
