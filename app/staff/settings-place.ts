import type { ContentPageSlug } from '#api/content.ts';

// Where on the GM's settings page (issue 17): browser-safe, shared by the page and its action.

export const settingsSections = ['version', 'pages', 'freeze', 'plans', 'coupons'] as const;
export type SettingsSection = (typeof settingsSections)[number];

/** ?section=, the content page (?page=), the club of the plans (?club=), the campaign being ended (?end=). */
export type SettingsPlace = { section: SettingsSection; page: ContentPageSlug; club?: number; end?: number };

/** The page's address for a place in it (the redirect after a save comes back to the same section). */
export function settingsHref({ section, page, club, end }: Partial<SettingsPlace>) {
  const query = new URLSearchParams();
  if (section) query.set('section', section);
  if (section === 'pages' && page) query.set('page', page);
  if (section === 'plans' && club) query.set('club', String(club));
  if (section === 'coupons' && end) query.set('end', String(end));
  const text = query.toString();
  return `/staff/settings${text ? `?${text}` : ''}`;
}
