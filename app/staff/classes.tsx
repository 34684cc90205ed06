import { parseWithZod } from '@conform-to/zod/v4';
import { Form, Link, redirect, useNavigation } from 'react-router';
import { formatDate, formatTime } from '#api/format.ts';
import { classEndpoints } from '#api/endpoints/classes.ts';
import type { StaffClassBooking, StaffClassSession } from '#api/staff-classes.ts';
import { addDays, vietnamDay } from '#api/vietnam-time.ts';
import { useT } from '#app/i18n.ts';
import type { StringsHandle } from '#app/locales/messages.ts';
import { localizedReply, readForm } from '#app/server/form.server.ts';
import { GatewayError } from '#app/server/gateway.server.ts';
import { getLang, getT } from '#app/server/i18n.server.ts';
import { flashToast, getSession } from '#app/server/session.server.ts';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { TextField } from '#app/ui/field.tsx';
import { formProps, useServerForm, type FormReply } from '#app/ui/form.ts';
import { pageMeta } from '#app/ui/meta.ts';
import type { Route } from './+types/classes';
import { canCancelClass, canMarkAttendance } from './class-day.ts';
import { attendanceForm, cancelClassForm, chosenDay } from './classes.server.ts';
import { deskClubs } from './clubs.server.ts';
import { requireDeskRole, staffGateway } from './staff-session.server.ts';
import { ActionButtons, ClubPicker, MemberLine } from './staff-ui.tsx';

export const handle: StringsHandle = { strings: ['staffClasses'] };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'staffClasses.title');

/** Issue 17 §2 (ADR 051): a club's classes of one Vietnam day, with bookings and waitlist (a GM picks the club). */
export async function loader(args: Route.LoaderArgs) {
  const staff = requireDeskRole(args.context);
  const params = new URL(args.request.url).searchParams;
  const now = Date.now();
  const date = chosenDay(params.get('date'), now);
  const call = staffGateway(args);
  const { clubs, club } = await deskClubs(call, staff.clubId, params.get('club'));
  if (!club) return { clubs, clubId: null, date, today: vietnamDay(now), sessions: [], now };
  const { data } = await call(classEndpoints.staffDay, { query: { clubId: String(club.id), date } });
  return { clubs, clubId: club.id, date, today: vietnamDay(now), sessions: data.sessions, now };
}

/** Who came (a booked spot marked attended or no-show), or a class cancelled with its reason; the gateway tells the members. */
export async function action(args: Route.ActionArgs) {
  requireDeskRole(args.context);
  const form = await readForm(args.request);
  const call = staffGateway(args);
  const t = getT(args.context);
  const back = new URL(args.request.url);
  if (form.get('intent') === 'cancel') {
    const sessionId = Number(form.get('sessionId'));
    const submission = parseWithZod(form, { schema: cancelClassForm });
    if (submission.status !== 'success')
      return { sessionId, result: localizedReply(submission.reply(), getLang(args.context)) };
    try {
      const { data } = await call(classEndpoints.cancelSession, {
        params: { id: submission.value.sessionId },
        json: { reason: submission.value.reason },
      });
      flashToast(getSession(args.context), {
        kind: 'success',
        text:
          data.outcome === 'already'
            ? t('staffClasses.alreadyCancelled')
            : t('staffClasses.cancelledToast', { count: data.bookingsCancelled }),
      });
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      return {
        sessionId,
        result: localizedReply(submission.reply({ fieldErrors: { reason: [error.text] } }), getLang(args.context)),
      };
    }
    throw redirect(back.pathname + back.search);
  }
  const mark = attendanceForm.safeParse(Object.fromEntries(form));
  if (!mark.success) return { error: t('staffClasses.notMarked') };
  try {
    await call(classEndpoints.attendance, {
      params: { id: mark.data.bookingId },
      json: { attended: mark.data.intent === 'attended' },
    });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    return { error: error.text };
  }
  flashToast(getSession(args.context), { kind: 'success', text: t('staffClasses.markedToast') });
  throw redirect(back.pathname + back.search);
}

function BookingRow({ booking, markable, busy }: { booking: StaffClassBooking; markable: boolean; busy: boolean }) {
  const { t } = useT();
  const state =
    booking.status === 'WAITLISTED'
      ? t('staffClasses.waitlistPosition', { n: booking.waitlistPosition ?? '' })
      : booking.attendance
        ? `${t(`staffClasses.attendance.${booking.attendance}`)}${booking.attendanceMarkedAt === null ? ` (${t('staffClasses.fromCheckIn')})` : ''}`
        : t('staffClasses.notMarked');
  return (
    <li
      className={`class-booking class-booking-${booking.status.toLowerCase()}${booking.attendance ? ` class-booking-${booking.attendance.toLowerCase()}` : ''}`}
    >
      <MemberLine member={booking.member} />
      <p className="muted class-booking-state">{state}</p>
      {markable && booking.status === 'BOOKED' ? (
        <ActionButtons
          busy={busy}
          name="bookingId"
          value={booking.id}
          buttons={[
            { intent: 'attended', label: t('staffClasses.markAttended'), primary: booking.attendance !== 'ATTENDED' },
            { intent: 'no-show', label: t('staffClasses.markNoShow') },
          ]}
        />
      ) : null}
    </li>
  );
}

function CancelForm({
  session,
  lastResult,
  busy,
}: {
  session: StaffClassSession;
  lastResult: FormReply | undefined;
  busy: boolean;
}) {
  const { t } = useT();
  const [form, fields] = useServerForm({ id: `cancel-${String(session.id)}`, fields: ['reason'], lastResult });
  return (
    <details className="class-cancel" open={lastResult ? true : undefined}>
      <summary>{t('staffClasses.cancel')}</summary>
      <Form method="post" {...formProps(form)} className="stack">
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="sessionId" value={session.id} />
        <p className="muted">{t('staffClasses.cancelHint')}</p>
        <TextField field={fields.reason} label={t('staffClasses.cancelReason')} rows={2} maxLength={300} />
        <button type="submit" className="button button-secondary danger-text" disabled={busy}>
          {t('staffClasses.cancelSubmit')}
        </button>
      </Form>
    </details>
  );
}

function SessionCard({
  session,
  now,
  lastResult,
  busy,
}: {
  session: StaffClassSession;
  now: number;
  lastResult: FormReply | undefined;
  busy: boolean;
}) {
  const { t, lang } = useT();
  const markable = canMarkAttendance(session, now);
  const booked = session.bookings.filter((b) => b.status === 'BOOKED');
  const waiting = session.bookings.filter((b) => b.status === 'WAITLISTED');
  return (
    <li className={`staff-item class-session${session.cancelledAt ? ' class-session-cancelled' : ''}`}>
      <div className="staff-item-head">
        <h2 className="staff-item-name">
          {formatTime(session.startsAt)}–{formatTime(session.endsAt)} ·{' '}
          {lang === 'en' ? session.nameEn : session.nameVi}
        </h2>
        {session.cancelledAt ? (
          <p className="status-badge class-cancelled-badge">{t('staffClasses.cancelled')}</p>
        ) : (
          <p className="muted">
            {t('staffClasses.spots', { booked: session.bookedCount, capacity: session.capacity })}
          </p>
        )}
      </div>
      <p className="muted">
        {[
          session.roomName
            ? t('staffClasses.room', {
                room: lang === 'en' ? (session.roomNameEn ?? session.roomName) : session.roomName,
              })
            : null,
          session.instructorName ? t('staffClasses.instructor', { name: session.instructorName }) : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      {session.cancelledAt && session.cancelReason ? (
        <p className="notice">{t('staffClasses.cancelledReason', { reason: session.cancelReason })}</p>
      ) : null}
      {session.cancelledAt ? null : booked.length === 0 && waiting.length === 0 ? (
        <p className="muted">{t('staffClasses.noBookings')}</p>
      ) : (
        <>
          {booked.length ? (
            <>
              <h3 className="class-list-title">{t('staffClasses.booked')}</h3>
              <ul className="class-bookings">
                {booked.map((b) => (
                  <BookingRow key={b.id} booking={b} markable={markable} busy={busy} />
                ))}
              </ul>
            </>
          ) : null}
          {waiting.length ? (
            <>
              <h3 className="class-list-title">{t('staffClasses.waitlist')}</h3>
              <ul className="class-bookings">
                {waiting.map((b) => (
                  <BookingRow key={b.id} booking={b} markable={false} busy={busy} />
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
      {canCancelClass(session, now) ? <CancelForm session={session} lastResult={lastResult} busy={busy} /> : null}
    </li>
  );
}

export default function StaffClasses({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const { clubs, clubId, date, today, sessions, now } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const dayLink = (day: string) =>
    `?${new URLSearchParams({ ...(clubId === null ? {} : { club: String(clubId) }), date: day }).toString()}`;
  return (
    <main className="page">
      <h1>{t('staffClasses.title')}</h1>
      <p className="lead">{t('staffClasses.lead')}</p>
      <ClubPicker id="classes-club" label={t('staffClasses.club')} clubs={clubs} clubId={clubId} keep={{ date }} />
      <nav className="class-day-nav" aria-label={t('staffClasses.day')}>
        <Link to={dayLink(addDays(date, -1))} className="button button-secondary" rel="prev">
          ‹ {t('staffClasses.previous')}
        </Link>
        <Form method="get" className="class-day-form">
          {clubId === null ? null : <input type="hidden" name="club" value={clubId} />}
          <label htmlFor="classes-date" className="visually-hidden">
            {t('staffClasses.day')}
          </label>
          <input id="classes-date" type="date" name="date" defaultValue={date} key={date} className="input" />
          <button type="submit" className="button button-secondary">
            {t('staffClasses.show')}
          </button>
        </Form>
        <Link to={dayLink(addDays(date, 1))} className="button button-secondary" rel="next">
          {t('staffClasses.next')} ›
        </Link>
      </nav>
      <p className="class-day-title">
        <strong>{formatDate(`${date}T00:00:00+07:00`)}</strong>
        {date === today ? (
          ` · ${t('staffClasses.today')}`
        ) : (
          <Link to={dayLink(today)}> · {t('staffClasses.today')}</Link>
        )}
      </p>
      {actionData && 'error' in actionData ? (
        <p className="notice notice-error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      {sessions.length === 0 ? (
        <EmptyState icon="calendarCheck" title={t('staffClasses.emptyTitle')} text={t('staffClasses.emptyText')} />
      ) : (
        <ul className="staff-list">
          {sessions.map((session) => (
            <SessionCard
              key={session.id}
              session={session}
              now={now}
              busy={busy}
              lastResult={
                actionData && 'sessionId' in actionData && actionData.sessionId === session.id
                  ? actionData.result
                  : undefined
              }
            />
          ))}
        </ul>
      )}
    </main>
  );
}
