import { asc, eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import { contentPageSlugSchema, type Contact, type ContentPage } from '#api/content.ts';
import { appSettings, clubs, contentPages } from '#gateway/db/schema/index.ts';
import { generalEndpoints as endpoints } from '#api/endpoints/general.ts';
import type { AppEnv } from '#gateway/http/context.ts';
import { ok, publicCache } from '#gateway/http/envelope.ts';
import { notFound } from '#gateway/http/errors.ts';
import { route } from '#gateway/http/route.ts';

/** app_settings keys of the chain's contact channels (value_vi and value_en; equal where not text). */
export const CONTACT_SETTINGS = {
  hotline: 'contact_hotline',
  email: 'contact_email',
  address: 'contact_address',
  hours: 'contact_hours',
  zaloUrl: 'contact_zalo_url',
  facebookUrl: 'contact_facebook_url',
} as const;

/** Terms, about, support FAQ and contact: public reads of texts staff edit without a release. */
export function contentRoutes() {
  const app = new Hono<AppEnv>();

  route(app, endpoints.page, async (c) => {
    const slug = contentPageSlugSchema.safeParse(c.req.param('slug'));
    if (!slug.success) throw notFound();
    const [row] = await c.get('deps').db.select().from(contentPages).where(eq(contentPages.slug, slug.data));
    if (!row) throw notFound();
    publicCache(c);
    const page: ContentPage = {
      slug: slug.data,
      titleVi: row.titleVi,
      titleEn: row.titleEn,
      sections: row.sections,
      updatedAt: row.updatedAt.toISOString(),
    };
    return ok(c, page);
  });

  route(app, endpoints.contact, async (c) => {
    const { db } = c.get('deps');
    const [settings, clubRows] = await Promise.all([
      db
        .select()
        .from(appSettings)
        .where(inArray(appSettings.key, Object.values(CONTACT_SETTINGS))),
      db
        .select({
          id: clubs.id,
          nameVi: clubs.nameVi,
          nameEn: clubs.nameEn,
          address: clubs.address,
          districtName: clubs.districtName,
          hotline: clubs.hotline,
        })
        .from(clubs)
        .where(eq(clubs.isActive, true))
        .orderBy(asc(clubs.cityId), asc(clubs.id)),
    ]);
    const setting = (key: string) => settings.find((s) => s.key === key);
    const text = (key: string) => setting(key)?.valueVi.trim() || '';
    const url = (key: string) => text(key) || null;
    const contact: Contact = {
      hotline: text(CONTACT_SETTINGS.hotline),
      email: text(CONTACT_SETTINGS.email),
      addressVi: setting(CONTACT_SETTINGS.address)?.valueVi ?? '',
      addressEn: setting(CONTACT_SETTINGS.address)?.valueEn ?? '',
      hoursVi: setting(CONTACT_SETTINGS.hours)?.valueVi ?? '',
      hoursEn: setting(CONTACT_SETTINGS.hours)?.valueEn ?? '',
      zaloUrl: url(CONTACT_SETTINGS.zaloUrl),
      facebookUrl: url(CONTACT_SETTINGS.facebookUrl),
      clubs: clubRows,
    };
    publicCache(c);
    return ok(c, contact);
  });

  return app;
}
