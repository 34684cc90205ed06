import { Link } from 'react-router';
import { redirectIfSignedIn } from '#app/auth.server.ts';
import type { Route } from './+types/landing';
import { useT } from '#app/i18n.ts';

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.loaderData as { messages?: { app: { name: string; slogan: string } } } | undefined;
  const app = root?.messages?.app;
  return [{ title: app ? `${app.name} · ${app.slogan}` : 'VietFit' }, { name: 'description', content: app?.slogan ?? '' }];
};

export function loader({ context }: Route.LoaderArgs) {
  redirectIfSignedIn(context);
  return null;
}

export default function Landing() {
  const { t } = useT();
  return (
    <main className="page landing">
      <p className="slogan">{t('app.slogan')}</p>
      <h1>{t('landing.title')}</h1>
      <p className="lead">{t('landing.lead')}</p>
      <Link to="/login" className="button button-primary button-block">
        {t('landing.start')}
      </Link>
      <p className="muted small">{t('landing.note')}</p>
    </main>
  );
}
