import { loadContentPage } from './account.server.ts';
import { ContentPageView } from './account-ui.tsx';
import { useT } from '#app/i18n.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { getLang } from '#app/server/i18n.server.ts';
import { appVersionSetting } from '#app/server/version.server.ts';
import { shellOnly } from '#app/server/member-read.server.ts';
import type { Route } from './+types/about';
import type { ShellHandle } from '#app/shell/handle.ts';
import { EverkineticCredit } from '#app/ui/everkinetic-credit.tsx';

export const handle: ShellHandle = {
  strings: ['account', 'workouts'],
  back: { to: '/account', label: 'account.title' },
};

/** No screen read: the layout reads the member shell alone, the page its own data (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [shellOnly];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'account.links.about');

export async function loader(args: Route.LoaderArgs) {
  // The same cached setting the update prompt reads (version.server.ts), in the page's language.
  const [page, setting] = await Promise.all([loadContentPage(args, 'about'), appVersionSetting()]);
  const version = setting ? (getLang(args.context) === 'en' ? setting.settingValueEn : setting.settingValueVi) : null;
  return { page, version };
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { version } = loaderData;
  return (
    <ContentPageView page={loaderData.page} titleKey="account.links.about" self="/account/about">
      <dl className="facts">
        <div>
          <dt>{t('account.about.version')}</dt>
          <dd>{version ?? t('account.about.versionUnknown')}</dd>
        </div>
      </dl>
      {/* CC BY-SA 4.0 asks for the credit where the drawings are shown and on the About page (issue 15). */}
      <EverkineticCredit />
    </ContentPageView>
  );
}
