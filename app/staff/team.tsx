import { staffEndpoints } from '#api/endpoints/staff.ts';
import type { StaffListEntry } from '#api/staff-settings.ts';
import { useT } from '#app/i18n.ts';
import type { StringsHandle } from '#app/locales/messages.ts';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { pageMeta } from '#app/ui/meta.ts';
import type { Route } from './+types/team';
import { deskClubs } from './clubs.server.ts';
import { requireManager, staffGateway } from './staff-session.server.ts';
import { MemberLine } from './staff-ui.tsx';

export const handle: StringsHandle = { strings: ['staffTeam'] };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'staffTeam.title');

/** Issue 17 §1: a club's staff (a LEADER: theirs; the GM: every club's, by club), managers first. */
export async function loader(args: Route.LoaderArgs) {
  const staff = requireManager(args.context);
  const call = staffGateway(args);
  const [{ clubs }, { data }] = await Promise.all([
    deskClubs(call, staff.clubId, null),
    call(staffEndpoints.staffList, { query: staff.clubId === null ? {} : { clubId: String(staff.clubId) } }),
  ]);
  const byClub = clubs
    .map((club) => ({ club, staff: data.staff.filter((s) => s.clubId === club.id) }))
    .filter((group) => group.staff.length > 0 || staff.clubId !== null);
  return { groups: byClub };
}

function StaffRow({ person }: { person: StaffListEntry }) {
  const { t } = useT();
  return (
    <li className="team-row">
      <MemberLine member={person} />
      <p className="muted">
        {person.isClassInstructor ? t('staff.role.INSTRUCTOR') : t(`staff.role.${person.accountType}`)}
      </p>
      <a className="button button-secondary team-call" href={`tel:${person.phoneNumber}`}>
        {t('staffTeam.call')}
      </a>
    </li>
  );
}

export default function StaffTeam({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useT();
  const { groups } = loaderData;
  return (
    <main className="page">
      <h1>{t('staffTeam.title')}</h1>
      <p className="lead">{t('staffTeam.lead')}</p>
      {groups.every((g) => g.staff.length === 0) ? (
        <EmptyState icon="account" title={t('staffTeam.emptyTitle')} text={t('staffTeam.emptyText')} />
      ) : (
        groups.map(({ club, staff }) => (
          <section key={club.id} className="staff-item team-club">
            <h2>{lang === 'en' ? club.nameEn : club.nameVi}</h2>
            <ul className="team-list">
              {staff.map((person) => (
                <StaffRow key={person.id} person={person} />
              ))}
            </ul>
          </section>
        ))
      )}
    </main>
  );
}
