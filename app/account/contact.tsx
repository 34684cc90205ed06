import { loadContact } from './account.server.ts';
import { LoadFailed } from '#app/ui/load-failed.tsx';
import { ContactChannels } from '#app/ui/contact-channels.tsx';
import { useT } from '#app/i18n.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { shellOnly } from '#app/server/member-read.server.ts';
import type { Route } from './+types/contact';
import type { ShellHandle } from '#app/shell/handle.ts';

export const handle: ShellHandle = { strings: ['account'], back: { to: '/account', label: 'account.title' } };

/** No screen read: the layout reads the member shell alone, the page its own data (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [shellOnly];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'account.links.contact');

export const loader = (args: Route.LoaderArgs) => loadContact(args);

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  return (
    <main className="page">
      <h1>{t('account.links.contact')}</h1>
      {loaderData.ok ? (
        <>
          <ContactChannels channels={loaderData.value} />
          <dl className="facts facts-stacked">
            <div>
              <dt>{t('account.contact.address')}</dt>
              <dd>{loaderData.value.address}</dd>
            </div>
            <div>
              <dt>{t('account.contact.hours')}</dt>
              <dd>{loaderData.value.hours}</dd>
            </div>
          </dl>
          <h2 className="section-title">{t('account.contact.clubs')}</h2>
          {loaderData.value.clubs.length ? (
            <ul className="club-list">
              {loaderData.value.clubs.map((club) => (
                <li key={club.id} className="club">
                  <p className="club-name">{club.name}</p>
                  <p className="muted small">
                    {club.address}, {club.district}
                  </p>
                  <a href={club.hotlineHref} className="button button-secondary call-button">
                    {t('account.contact.callClub', { phone: club.hotline })}
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{t('account.contact.noClubs')}</p>
          )}
        </>
      ) : (
        <LoadFailed message={loaderData.message} retryTo="/account/contact" />
      )}
    </main>
  );
}
