import { Link, redirect, useNavigation } from 'react-router';
import { z } from 'zod';
import { formatDate, formatVnd } from '#api/format.ts';
import { ptEndpoints } from '#api/endpoints/pt.ts';
import type { TrainerAgendaItem, TrainerRequest } from '#api/pt.ts';
import { addDays, vietnamDay } from '#api/vietnam-time.ts';
import { useT } from '#app/i18n.ts';
import type { StringsHandle } from '#app/locales/messages.ts';
import { readFormAs } from '#app/server/form.server.ts';
import { GatewayError } from '#app/server/gateway.server.ts';
import { getT } from '#app/server/i18n.server.ts';
import { flashToast, getSession } from '#app/server/session.server.ts';
import { pageMeta } from '#app/ui/meta.ts';
import type { Route } from './+types/agenda';
import { requireTrainer, staffGateway } from './staff-session.server.ts';
import { ActionButtons, MemberLine } from './staff-ui.tsx';

export const handle: StringsHandle = { strings: ['staffAgenda'] };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'staffAgenda.title');

/** What the agenda shows: today, the seven days from today, or everything from today on. */
const agendaViews = ['today', 'week', 'all'] as const;
type AgendaView = (typeof agendaViews)[number];

/** The gateway's ?from&to of a view (Vietnam days). */
function agendaRange(view: AgendaView, now: number) {
  const today = vietnamDay(now);
  if (view === 'today') return { from: today, to: today };
  if (view === 'week') return { from: today, to: addDays(today, 6) };
  return {};
}

/** Issue 17 §2: the trainer's package requests and their sessions of today, the week or from today on (their own only: the gateway answers for the token). */
export async function loader(args: Route.LoaderArgs) {
  requireTrainer(args.context);
  const asked = new URL(args.request.url).searchParams.get('view');
  const view: AgendaView = agendaViews.find((v) => v === asked) ?? 'all';
  const now = Date.now();
  const call = staffGateway(args);
  const [bookings, requests] = await Promise.all([
    call(ptEndpoints.trainerBookings, { query: agendaRange(view, now) }),
    call(ptEndpoints.trainerRequests),
  ]);
  return { bookings: bookings.data, requests: requests.data, now, view };
}

const answerForm = z.discriminatedUnion('intent', [
  z.object({
    intent: z.enum(['confirm', 'reject', 'complete', 'no-show']),
    bookingId: z.coerce.number().int().positive(),
  }),
  z.object({ intent: z.enum(['accept', 'decline']), ptContractId: z.coerce.number().int().positive() }),
]);

/** One answer: a session confirmed, declined or completed; a package request taken or declined. The member is told by the gateway. */
export async function action(args: Route.ActionArgs) {
  requireTrainer(args.context);
  const answer = await readFormAs(args.request, answerForm);
  const call = staffGateway(args);
  try {
    if ('ptContractId' in answer)
      await call(answer.intent === 'accept' ? ptEndpoints.trainerAccept : ptEndpoints.trainerReject, {
        params: { id: answer.ptContractId },
      });
    else {
      const marks = {
        confirm: ptEndpoints.trainerConfirmBooking,
        reject: ptEndpoints.trainerRejectBooking,
        complete: ptEndpoints.trainerCompleteBooking,
        'no-show': ptEndpoints.trainerNoShow,
      };
      await call(marks[answer.intent], { params: { id: answer.bookingId } });
    }
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    return { error: error.text };
  }
  flashToast(getSession(args.context), {
    kind: 'success',
    text: getT(args.context)(`staffAgenda.done.${answer.intent}`),
  });
  const back = new URL(args.request.url);
  throw redirect(back.pathname + back.search);
}

/** The session has started: only then can it be marked completed, or missed. */
const hasStarted = (item: TrainerAgendaItem, now: number) => Date.parse(item.startsAt) <= now;

function RequestCard({ request }: { request: TrainerRequest }) {
  const { t, lang } = useT();
  const busy = useNavigation().state === 'submitting';
  return (
    <li className="staff-item">
      <p className="staff-item-name">
        {t('staffAgenda.package', {
          name: lang === 'en' ? request.packageNameEn : request.packageNameVi,
          price: formatVnd(request.price, lang),
        })}
      </p>
      <MemberLine member={request.member} />
      <p className="muted">{formatDate(request.createdAt)}</p>
      <ActionButtons
        busy={busy}
        name="ptContractId"
        value={request.ptContractId}
        buttons={[
          { intent: 'accept', label: t('staffAgenda.accept'), primary: true },
          { intent: 'decline', label: t('staffAgenda.decline') },
        ]}
      />
    </li>
  );
}

/** One session; a not-closed one of an earlier day also says its day (it sits outside the day groups). */
function SessionCard({ item, now }: { item: TrainerAgendaItem; now: number }) {
  const { t, lang } = useT();
  const busy = useNavigation().state === 'submitting';
  const buttons =
    item.status === 'WAITPTCONFIRM'
      ? [
          { intent: 'confirm', label: t('staffAgenda.confirm'), primary: true },
          { intent: 'reject', label: t('staffAgenda.decline') },
        ]
      : item.status === 'BOOKED' && hasStarted(item, now)
        ? [
            { intent: 'complete', label: t('staffAgenda.complete'), primary: true },
            { intent: 'no-show', label: t('staffAgenda.noShow') },
          ]
        : [];
  const packageName = lang === 'en' ? item.packageNameEn : item.packageNameVi;
  return (
    <li className="staff-item">
      <div className="staff-item-head">
        <p className="staff-item-name">
          {item.notClosed ? `${formatDate(item.startsAt)} · ` : ''}
          {item.startTime}–{item.endTime}
        </p>
        <p className={`status-badge booking-state booking-state-${item.status.toLowerCase()}`}>
          {t(`staffAgenda.status.${item.status}`)}
        </p>
      </div>
      <MemberLine member={item.member} />
      <p className="muted">
        {item.sessionsLeft === null
          ? t('staffAgenda.trial')
          : `${packageName ? `${packageName} · ` : ''}${t('staffAgenda.sessionsLeft', { count: item.sessionsLeft })}`}
      </p>
      {buttons.length ? <ActionButtons name="bookingId" value={item.bookingId} buttons={buttons} busy={busy} /> : null}
    </li>
  );
}

export default function StaffAgenda({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const { bookings, requests, now, view } = loaderData;
  // Confirmed sessions of earlier days nobody closed (ADR 051, amended) come first, in a group of their own.
  const notClosed = bookings.filter((b) => b.notClosed);
  const current = bookings.filter((b) => !b.notClosed);
  const days = [...new Set(current.map((b) => b.date))];
  return (
    <main className="page">
      <h1>{t('staffAgenda.title')}</h1>
      <p className="lead">{t('staffAgenda.lead')}</p>
      {actionData?.error ? (
        <p className="notice notice-error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      <h2>{t('staffAgenda.requests')}</h2>
      {requests.length === 0 ? (
        <p className="muted">{t('staffAgenda.requestsNone')}</p>
      ) : (
        <ul className="staff-list">
          {requests.map((request) => (
            <RequestCard key={request.ptContractId} request={request} />
          ))}
        </ul>
      )}
      <h2>{t('staffAgenda.sessions')}</h2>
      <nav className="staff-nav agenda-views" aria-label={t('staffAgenda.sessions')}>
        {agendaViews.map((v) => (
          <Link
            key={v}
            to={`?view=${v}`}
            className={`staff-tab${v === view ? ' active' : ''}`}
            aria-current={v === view ? 'page' : undefined}
          >
            {t(`staffAgenda.views.${v}`)}
          </Link>
        ))}
      </nav>
      {notClosed.length > 0 ? (
        <section className="agenda-day agenda-not-closed" aria-labelledby="agenda-not-closed">
          <h3 id="agenda-not-closed">{t('staffAgenda.notClosed')}</h3>
          <p className="muted">{t('staffAgenda.notClosedLead')}</p>
          <ul className="staff-list">
            {notClosed.map((item) => (
              <SessionCard key={item.bookingId} item={item} now={now} />
            ))}
          </ul>
        </section>
      ) : null}
      {current.length === 0 ? (
        <p className="muted">{t(`staffAgenda.none.${view}`)}</p>
      ) : (
        days.map((day) => (
          <section key={day} className="agenda-day">
            <h3>{formatDate(`${day}T00:00:00+07:00`)}</h3>
            <ul className="staff-list">
              {current
                .filter((b) => b.date === day)
                .map((item) => (
                  <SessionCard key={item.bookingId} item={item} now={now} />
                ))}
            </ul>
          </section>
        ))
      )}
    </main>
  );
}
