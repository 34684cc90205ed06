import { z } from 'zod';
import { contentPageSlugs } from './content-slugs.ts';

/** Texts staff edit without a release (terms, about, support FAQ), read from the gateway's settings. */
export { contentPageSlugs };
export const contentPageSlugSchema = z.enum(contentPageSlugs);
export type ContentPageSlug = z.infer<typeof contentPageSlugSchema>;

export const contentSectionSchema = z.object({
  headingVi: z.string(),
  headingEn: z.string(),
  bodyVi: z.string(),
  bodyEn: z.string(),
});

/** GET /api/v1/general/page/{slug} */
export const contentPageSchema = z.object({
  slug: contentPageSlugSchema,
  titleVi: z.string(),
  titleEn: z.string(),
  sections: z.array(contentSectionSchema),
  updatedAt: z.string(),
});
export type ContentPage = z.infer<typeof contentPageSchema>;

/** GET /api/v1/general/contact: the chain's channels and every active club's hotline. */
export const contactSchema = z.object({
  hotline: z.string(),
  email: z.string(),
  addressVi: z.string(),
  addressEn: z.string(),
  hoursVi: z.string(),
  hoursEn: z.string(),
  zaloUrl: z.string().nullable(),
  facebookUrl: z.string().nullable(),
  clubs: z.array(
    z.object({
      id: z.number(),
      nameVi: z.string(),
      nameEn: z.string(),
      address: z.string(),
      districtName: z.string(),
      hotline: z.string(),
    }),
  ),
});
export type Contact = z.infer<typeof contactSchema>;
