import { Form, Link, useLocation } from 'react-router';
import type { AccountType } from '#api/account.ts';
import { profileView, tryLoad } from './account.server.ts';
import { LoadFailed } from '#app/ui/load-failed.tsx';
import { Avatar } from '#app/ui/avatar.tsx';
import { Icon } from '#app/ui/icons.tsx';
import { gatewayClient } from '#app/server/gateway.server.ts';
import { useT } from '#app/i18n.ts';
import { SignOutForm } from '#app/auth/sign-out-form.tsx';
import { pageMeta } from '#app/ui/meta.ts';
import { shellOnly } from '#app/server/member-read.server.ts';
import type { Route } from './+types/account';
import type { StringsHandle } from '#app/locales/messages.ts';
import { authEndpoints } from '#api/endpoints/auth.ts';

/** The string parts this page uses (ADR 030). */
export const handle: StringsHandle = { strings: ['account'] };

/** No screen read: the layout reads the member shell alone, the page its own data (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [shellOnly];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'account.title');

export async function loader(args: Route.LoaderArgs) {
  return tryLoad(async () => profileView((await gatewayClient(args)(authEndpoints.profile)).data));
}

// The account pages that exist; payment methods (issue 4) join this list when they land.
const links = [
  { to: '/account/information', key: 'account.links.information' },
  { to: '/account/verification', key: 'account.verification.link' },
  { to: '/account/terms-condition', key: 'account.links.terms' },
  { to: '/account/privacy', key: 'account.links.privacy' },
  { to: '/account/contact', key: 'account.links.contact' },
  { to: '/account/about', key: 'account.links.about' },
  { to: '/support', key: 'account.links.support' },
] as const;

const typeKey = (type: AccountType) => `account.types.${type}`;

export default function Account({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useT();
  const location = useLocation();
  return (
    <main className="page account">
      <h1 className="visually-hidden">{t('account.title')}</h1>
      {loaderData.ok ? (
        <section className="profile-card" aria-label={t('account.profile')}>
          <Avatar url={loaderData.value.avatarUrl} name={loaderData.value.fullName} />
          <div className="profile-text">
            <p className="profile-name">{loaderData.value.fullName || t('account.noName')}</p>
            {/* Issue 37 §6: a member without a name is offered the name step from here. */}
            {loaderData.value.fullName ? null : (
              <Link to="/account/name?next=/account" className="profile-add-name">
                {t('account.name.add')}
              </Link>
            )}
            <p className="profile-phone">{loaderData.value.phone}</p>
            <span className="badge">{t(typeKey(loaderData.value.accountType))}</span>
          </div>
          {/* An icon with its name for screen readers: a text chip took the phone's room at 360 px (issue 10 §11). */}
          <Link to="/account/information" className="profile-edit" aria-label={t('account.edit')}>
            <Icon name="edit" />
          </Link>
        </section>
      ) : (
        <LoadFailed message={loaderData.message} retryTo="/account" />
      )}

      <nav aria-label={t('account.title')}>
        <ul className="menu">
          {links.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="menu-row">
                <span>{t(link.key)}</span>
                {link.to === '/account/verification' && loaderData.ok && loaderData.value.identityVerified ? (
                  <span className="badge badge-verified">{t('account.verification.verified')}</span>
                ) : null}
                <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
                  <path fill="currentColor" d="M8.6 16.6 13.2 12 8.6 7.4 10 6l6 6-6 6z" />
                </svg>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <section className="setting" aria-labelledby="language-heading">
        <h2 id="language-heading" className="section-title">
          {t('language.label')}
        </h2>
        {/* A plain form: works without JavaScript; /language also saves it on the account for the next sign-in. */}
        <Form method="post" action="/language" className="segmented">
          <input type="hidden" name="redirectTo" value={location.pathname} />
          {(['vi', 'en'] as const).map((code) => (
            <button
              key={code}
              type="submit"
              name="lang"
              value={code}
              lang={code}
              className="segment"
              aria-pressed={lang === code}
            >
              {t(`language.${code}`)}
            </button>
          ))}
        </Form>
      </section>

      <SignOutForm className="sign-out">
        <button type="submit" className="button button-secondary button-block">
          {t('account.signOut')}
        </button>
      </SignOutForm>
    </main>
  );
}
