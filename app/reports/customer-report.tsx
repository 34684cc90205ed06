import { Link } from 'react-router';
import { feedbackTypes } from '#api/feedback-types.ts';
import { useT } from '#app/i18n.ts';
import type { StringsHandle } from '#app/locales/messages.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { loadReportClubs } from '#app/feedback/feedback.server.ts';
import { clubParam, loadReportClub } from './reports.server.ts';
import type { Route } from './+types/customer-report';

// Issue 16 §1 (ADR 039): the page a club's poster opens, with no sign-in. It shows the club and the
// six topics; without ?club (or with a closed one) the open clubs to choose from. No member data.

export const handle: StringsHandle = { strings: ['feedback'] };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'feedback.report.title');

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const club = await loadReportClub(args, clubParam(url));
  const sent = url.searchParams.get('sent') === '1';
  return { club, sent, clubs: club ? [] : await loadReportClubs(args) };
}

export default function CustomerReport({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { club, sent, clubs } = loaderData;
  return (
    <main className="page report-page">
      <h1>{t('feedback.report.title')}</h1>
      {sent && club ? (
        <div className="notice notice-ok report-thanks" role="status">
          <h2>{t('feedback.report.thanks')}</h2>
          <p>{t('feedback.report.thanksText')}</p>
        </div>
      ) : (
        <p>{t('feedback.report.intro')}</p>
      )}
      {club ? (
        <>
          <p className="report-club">
            <strong>{club.name}</strong>
            <br />
            <span className="small muted">{club.address}</span>
          </p>
          <h2 className="section-title">{sent ? t('feedback.report.another') : t('feedback.report.chooseType')}</h2>
          <ul className="report-types">
            {feedbackTypes.map((type) => (
              <li key={type}>
                <Link
                  to={`/public/customer-report/${type}?club=${String(club.id)}`}
                  className={`report-type report-type-${type.toLowerCase()}`}
                >
                  {t(`feedback.types.${type}`)}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <>
          <h2 className="section-title">{t('feedback.report.chooseClub')}</h2>
          <ul className="report-clubs">
            {clubs.map((c) => (
              <li key={c.id}>
                <Link to={`/public/customer-report?club=${String(c.id)}`} className="report-type">
                  <strong>{c.name}</strong>
                  <span className="small muted">{c.address}</span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </main>
  );
}
