import { Link } from 'react-router';
import { loadContact, loadContentPage } from '#app/account/account.server.ts';
import { RichText } from '#app/account/account-ui.tsx';
import { LoadFailed } from '#app/ui/load-failed.tsx';
import { ContactChannels } from '#app/ui/contact-channels.tsx';
import { useT } from '#app/i18n.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { shellOnly } from '#app/server/member-read.server.ts';
import type { Route } from './+types/support';
import type { StringsHandle } from '#app/locales/messages.ts';

/** The string parts this page uses (ADR 030). */
export const handle: StringsHandle = { strings: ['account', 'feedback'] };

/** No screen read: the layout reads the member shell alone, the page its own data (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [shellOnly];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'account.links.support');

export async function loader(args: Route.LoaderArgs) {
  const [faq, contact] = await Promise.all([loadContentPage(args, 'support'), loadContact(args)]);
  return { faq, contact };
}

/** Questions and answers staff keep up to date, then every way to reach a person. */
export default function Support({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { faq, contact } = loaderData;
  return (
    <main className="page">
      <h1>{t('account.links.support')}</h1>
      <h2 className="section-title">{faq.ok ? faq.value.title : t('account.support.faq')}</h2>
      {faq.ok ? (
        faq.value.sections.length ? (
          <div className="faq">
            {faq.value.sections.map((item, i) => (
              <details key={i} className="faq-item">
                <summary>{item.heading}</summary>
                <div className="faq-answer">
                  <RichText text={item.body} />
                </div>
              </details>
            ))}
          </div>
        ) : (
          <p className="muted">{t('account.emptyContent')}</p>
        )
      ) : faq.missing ? (
        <p className="muted">{t('account.emptyContent')}</p>
      ) : (
        <LoadFailed message={faq.message} retryTo="/support" />
      )}

      <h2 className="section-title">{t('account.support.channels')}</h2>
      {contact.ok ? (
        <ContactChannels channels={contact.value} />
      ) : (
        <LoadFailed message={contact.message} retryTo="/support" />
      )}

      <section id="feedback" className="notice" aria-labelledby="feedback-heading">
        <h2 id="feedback-heading" className="section-title">
          {t('account.support.feedbackTitle')}
        </h2>
        <p>{t('account.support.feedbackText')}</p>
        <Link to="/support/feedback" className="button button-primary">
          {t('feedback.open')}
        </Link>
        {contact.ok ? (
          <a href={`mailto:${contact.value.email}`} className="button button-secondary">
            {t('account.support.feedbackEmail')}
          </a>
        ) : null}
        <Link to="/account/contact" className="link">
          {t('account.support.allContacts')}
        </Link>
      </section>
    </main>
  );
}
