import { redirect } from 'react-router';
import { staffEndpoints } from '#api/endpoints/staff.ts';
import { formatDateTime } from '#api/format.ts';
import { useT } from '#app/i18n.ts';
import type { StringsHandle } from '#app/locales/messages.ts';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { pageMeta } from '#app/ui/meta.ts';
import type { Route } from './+types/audit';
import { staffGateway, staffOf } from './staff-session.server.ts';
import { auditLines } from './audit-lines.ts';

export const handle: StringsHandle = { strings: ['staffAudit'] };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'staffAudit.title');

/** Issue 17 §1: what staff changed, newest first (a LEADER: their club; a GM: every club), 50 a page. */
export async function loader(args: Route.LoaderArgs) {
  const staff = staffOf(args.context);
  if (staff.accountType !== 'LEADER' && staff.accountType !== 'GM') throw redirect('/staff');
  const before = new URL(args.request.url).searchParams.get('before');
  const query = before && /^[1-9]\d{0,9}$/.test(before) ? { before } : {};
  const { data } = await staffGateway(args)(staffEndpoints.audit, { query });
  return data;
}

export default function StaffAudit({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useT();
  const { actions, nextBefore } = loaderData;
  return (
    <main className="page">
      <h1>{t('staffAudit.title')}</h1>
      <p className="lead">{t('staffAudit.lead')}</p>
      {actions.length === 0 ? (
        <EmptyState icon="history" title={t('staffAudit.emptyTitle')} text={t('staffAudit.emptyText')} />
      ) : (
        <ol className="audit-list">
          {actions.map((action) => (
            <li key={action.id} className="staff-item audit-row">
              {/* i18next reads a dot as nesting: an action's key has '_' for its dot. */}
              <p className="staff-item-name">{t(`staffAudit.action.${action.action.replace('.', '_')}`)}</p>
              <p>
                {action.actor.fullName} · {t(`staff.role.${action.actor.accountType}`)} ·{' '}
                <time dateTime={action.createdAt}>{formatDateTime(action.createdAt)}</time>
              </p>
              <p className="muted mono">
                {action.subjectType} #{action.subjectId}
              </p>
              <ul className="audit-changes">
                {auditLines(action.before, action.after, t, lang).map((line) => (
                  <li key={line.field}>
                    <span className="audit-field">{line.label}:</span>{' '}
                    {action.before === null ? line.after : `${line.before} → ${line.after}`}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
      {nextBefore !== null ? (
        <p className="center">
          <a className="button button-secondary" href={`/staff/audit?before=${String(nextBefore)}`}>
            {t('staffAudit.older')}
          </a>
        </p>
      ) : null}
    </main>
  );
}
