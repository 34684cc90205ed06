import { Link } from 'react-router';
import { redirectIfSignedIn } from './auth.server.ts';
import type { Route } from './+types/landing';
import { InstallPrompt } from '#app/shell/install-prompt.tsx';
import { useT } from '#app/i18n.ts';
import { pageMeta } from '#app/ui/meta.ts';
import type { StringsHandle } from '#app/locales/messages.ts';

/** The string parts this page uses (ADR 030). */
export const handle: StringsHandle = { strings: ['account', 'auth'] };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches);

export function loader({ context }: Route.LoaderArgs) {
  redirectIfSignedIn(context);
  return null;
}

export default function Landing() {
  const { t } = useT();
  return (
    <main className="page landing">
      <div className="hero" aria-hidden="true">
        <svg viewBox="0 24 320 200" width="320" height="200">
          <circle cx="160" cy="120" r="86" fill="#fed7aa" />
          <circle cx="160" cy="120" r="58" fill="#fdba74" />
          <g fill="#0f172a">
            <rect x="58" y="104" width="204" height="14" rx="7" />
            <rect x="70" y="78" width="22" height="66" rx="6" />
            <rect x="96" y="88" width="16" height="46" rx="5" />
            <rect x="228" y="78" width="22" height="66" rx="6" />
            <rect x="208" y="88" width="16" height="46" rx="5" />
          </g>
          <g fill="#f97316">
            <circle cx="52" cy="44" r="6" />
            <circle cx="276" cy="36" r="4" />
            <circle cx="290" cy="170" r="5" />
          </g>
        </svg>
      </div>
      <p className="slogan">{t('app.slogan')}</p>
      <h1>{t('landing.title')}</h1>
      <p className="lead">{t('app.description')}</p>
      <Link to="/login" className="button button-primary button-block">
        {t('landing.start')}
      </Link>
      <p className="muted small">{t('landing.note')}</p>
      <InstallPrompt />
      <nav className="legal-links small" aria-label={t('landing.legal')}>
        <Link to="/terms">{t('account.links.terms')}</Link>
        <Link to="/privacy">{t('account.links.privacy')}</Link>
      </nav>
    </main>
  );
}
