import { loadAppVersion, loadContentPage } from '#app/account.server.ts';
import { ContentPageView } from '#app/components/account-ui.tsx';
import { useT } from '#app/i18n.ts';
import { pageMeta } from '#app/meta.ts';
import type { Route } from './+types/account.about';
import type { ShellHandle } from './layout.main.tsx';

export const handle: ShellHandle = { back: { to: '/account', label: 'account.title' } };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'account.links.about');

export async function loader(args: Route.LoaderArgs) {
  const [page, version] = await Promise.all([loadContentPage(args, 'about'), loadAppVersion(args)]);
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
          <dd>{version.ok ? version.value : t('account.about.versionUnknown')}</dd>
        </div>
      </dl>
    </ContentPageView>
  );
}
