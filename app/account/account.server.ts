import type { Profile } from '#api/auth.ts';
import { Codes, type Lang } from '#api/codes.ts';
import type { ContentPageSlug } from '#api/content.ts';
import { generalEndpoints } from '#api/endpoints/general.ts';
import { formatPhone } from '#app/auth/auth.server.ts';
import { GatewayError, gatewayClient } from '#app/server/gateway.server.ts';
import { getLang } from '#app/server/i18n.server.ts';

type Args = Parameters<typeof gatewayClient>[0];

/** The gateway serves stored images under /api/v1/media/…; the browser reaches them through /media/… here. */
export const webMediaUrl = (gatewayPath: string | null) => {
  const id = gatewayPath?.match(/^\/api\/v1\/media\/([0-9a-f]{32})$/)?.[1];
  return id ? `/media/${id}` : null;
};

/** What the account pages show of a profile: never the token, only display values. */
export const profileView = (profile: Profile) => ({
  fullName: profile.fullName.trim(),
  email: profile.email ?? '',
  phone: formatPhone(profile.phoneNumber),
  accountType: profile.accountType,
  avatarUrl: webMediaUrl(profile.avatarUrl),
  identityVerified: profile.identityVerified ?? false,
});

/** A read that may fail: the page shows the gateway's message in place instead of a blank error page. */
export type Loaded<T> = { ok: true; value: T } | { ok: false; message: string; missing: boolean };

export async function tryLoad<T>(read: () => Promise<T>): Promise<Loaded<T>> {
  try {
    return { ok: true, value: await read() };
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    return { ok: false, message: error.text, missing: error.status === 404 || error.code === Codes.NOT_FOUND };
  }
}

/** The Vietnamese or English text of a bilingual field. */
export const pick = (lang: Lang, vi: string, en: string) => (lang === 'en' ? en : vi);

/** A staff-edited page (terms, about, support) in the page's language. */
export async function loadContentPage(args: Args, slug: ContentPageSlug) {
  const lang = getLang(args.context);
  return tryLoad(async () => {
    const { data } = await gatewayClient(args)(generalEndpoints.page, { params: { slug } });
    return {
      title: pick(lang, data.titleVi, data.titleEn),
      sections: data.sections.map((s) => ({
        heading: pick(lang, s.headingVi, s.headingEn),
        body: pick(lang, s.bodyVi, s.bodyEn),
      })),
      updatedAt: data.updatedAt,
    };
  });
}

/** The chain's contact channels and every club's hotline, in the page's language. */
export async function loadContact(args: Args) {
  const lang = getLang(args.context);
  return tryLoad(async () => {
    const { data } = await gatewayClient(args)(generalEndpoints.contact);
    return {
      hotline: data.hotline,
      hotlineHref: telHref(data.hotline),
      email: data.email,
      address: pick(lang, data.addressVi, data.addressEn),
      hours: pick(lang, data.hoursVi, data.hoursEn),
      zaloUrl: safeExternalUrl(data.zaloUrl),
      facebookUrl: safeExternalUrl(data.facebookUrl),
      clubs: data.clubs.map((c) => ({
        id: c.id,
        name: pick(lang, c.nameVi, c.nameEn),
        address: c.address,
        district: c.districtName,
        hotline: c.hotline,
        hotlineHref: telHref(c.hotline),
      })),
    };
  });
}

/** Staff type these links: only https ones become links (no javascript: URLs on a page). */
export function safeExternalUrl(value: string | null) {
  if (!value) return null;
  try {
    return new URL(value).protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
}

/** A dialable tel: URI from a printed number ("1900 6868", "028.3822 1234"). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
