import { data, Form, Link, redirect } from 'react-router';
import { z } from 'zod';
import { tryLoad } from '#app/account/account.server.ts';
import { useT } from '#app/i18n.ts';
import { idParam, unfoldedPart } from '#app/payments/payment.server.ts';
import { readFormAs } from '#app/server/form.server.ts';
import { GatewayError, gatewayClient } from '#app/server/gateway.server.ts';
import { getLang, getT } from '#app/server/i18n.server.ts';
import { flashToast, getSession } from '#app/server/session.server.ts';
import type { ShellHandle } from '#app/shell/handle.ts';
import { Avatar } from '#app/ui/avatar.tsx';
import { FoldedWithoutJs } from '#app/ui/folded.tsx';
import { pageMeta } from '#app/ui/meta.ts';
import { classEndpoints } from '#api/endpoints/classes.ts';
import { classDetailView, standingView, type ClassDetailView } from './classes.server.ts';
import { classRead } from './classes.read.server.ts';
import { BookingBadge, SpotsText } from '#app/classes/classes-ui.tsx';
import { TimetableFailed } from '#app/classes/timetable-failed.tsx';
import type { Route } from './+types/class';

// Issue 11 §4: one class — what it is, who teaches, spots and waitlist — and the member's booking:
// book, join the waitlist, cancel (saying plainly when it counts as a late cancel). Plain forms:
// they work without JavaScript; the gateway answers a double tap with the same booking.

export const handle: ShellHandle = {
  strings: ['classCards', 'classes'],
  back: { to: '/class', label: 'classes.title' },
};

/** Its one gateway read, the member shell with it (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [classRead.declare];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'classes.title');

export async function loader(args: Route.LoaderArgs) {
  idParam(args.params.classId);
  const lang = getLang(args.context);
  const screen = await tryLoad(async () => {
    const classScreen = await classRead.screen(args);
    return { session: classDetailView(classScreen.session, lang), standing: standingView(classScreen.standing) };
  });
  if (!screen.ok && screen.missing) throw data(null, { status: 404 });
  return { screen, unfolded: unfoldedPart(args.request) };
}

const intentSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('book') }),
  z.object({ intent: z.literal('waitlist') }),
  z.object({
    intent: z.literal('cancel'),
    booking: z.string().regex(/^\d{1,9}$/),
    from: z.enum(['BOOKED', 'WAITLISTED']).optional(),
  }),
]);

export async function action(args: Route.ActionArgs) {
  const id = idParam(args.params.classId);
  const self = `/class/${String(id)}`;
  const session = getSession(args.context);
  const t = getT(args.context);
  const form = await readFormAs(args.request, intentSchema);
  const call = gatewayClient(args);
  try {
    if (form.intent === 'cancel') {
      const result = await call(classEndpoints.cancelBooking, { params: { bookingId: form.booking } });
      const { state } = result.data.booking;
      const wasWaiting = form.from === 'WAITLISTED';
      flashToast(session, {
        kind: 'success',
        text: t(
          state === 'LATE_CANCELLED'
            ? 'classes.lateCancelledToast'
            : wasWaiting
              ? 'classes.leftWaitlist'
              : 'classes.cancelledToast',
        ),
      });
    } else {
      const result = await call(classEndpoints.book, {
        params: { sessionId: id },
        json: { joinWaitlist: form.intent === 'waitlist' },
      });
      const { booking } = result.data;
      flashToast(session, {
        kind: 'success',
        text:
          booking.state === 'WAITLISTED'
            ? t('classes.waitlisted', { position: String(booking.waitlistPosition ?? '') })
            : t('classes.booked'),
      });
    }
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    if (error.status === 404) throw data(null, { status: 404 });
    flashToast(session, { kind: 'error', text: error.text });
  }
  return redirect(self);
}

/**
 * Booking a spot: one tap while it could still be given back free; later (issue 37) the page says so first
 * and the member confirms (a fold, a link to the unfolded page without JavaScript).
 */
function BookButton({ session, unfolded, label }: { session: ClassDetailView; unfolded: boolean; label: string }) {
  const { t } = useT();
  if (!session.bookedLate) {
    return (
      <Form method="post">
        <button type="submit" name="intent" value="book" className="button button-primary button-block">
          {label}
        </button>
      </Form>
    );
  }
  return (
    <div>
      <p className="notice notice-error" role="note">
        {t('classes.lateBookWarning')}
      </p>
      <FoldedWithoutJs part="book" unfolded={unfolded} label={label} look="button-primary button-block">
        <Form method="post" action={session.href}>
          <button type="submit" name="intent" value="book" className="button button-primary button-block">
            {t('classes.bookAnyway')}
          </button>
        </Form>
      </FoldedWithoutJs>
    </div>
  );
}

function Actions({
  session,
  blocked,
  unfolded,
}: {
  session: ClassDetailView;
  blocked: boolean;
  unfolded: string | null;
}) {
  const { t } = useT();
  const mine = session.myBooking;
  const live = mine && (mine.state === 'BOOKED' || mine.state === 'WAITLISTED');
  const open = session.window === 'OPEN' && !session.cancelled;
  if (mine?.state === 'ATTENDED') return <p className="notice notice-ok">{t('classes.attendedText')}</p>;
  if (mine?.state === 'NO_SHOW') return <p className="notice">{t('classes.noShowText')}</p>;

  const windowNotes = {
    NOT_YET_OPEN: t('classes.notYetOpen', { time: session.opensAt }),
    OPEN: null,
    CLOSED: t('classes.closed'),
    STARTED: t('classes.started'),
    ENDED: t('classes.ended'),
  };
  const windowNote = windowNotes[session.window];

  return (
    <div className="class-actions">
      {mine?.state === 'BOOKED' && mine.promotedAt ? (
        <p className="small muted">{t('classes.promoted', { time: mine.promotedAt })}</p>
      ) : null}
      {mine?.state === 'WAITLISTED' ? (
        <p>{t('classes.waitlistText', { position: String(mine.position ?? '') })}</p>
      ) : null}
      {!live && open && !blocked ? (
        session.spotsLeft > 0 ? (
          <BookButton session={session} unfolded={unfolded === 'book'} label={t('classes.book')} />
        ) : (
          <Form method="post">
            <p>{t('classes.fullText')}</p>
            <button type="submit" name="intent" value="waitlist" className="button button-primary button-block">
              {t('classes.joinWaitlist')}
            </button>
          </Form>
        )
      ) : null}
      {mine?.state === 'WAITLISTED' && open && session.spotsLeft > 0 && !blocked ? (
        <div>
          <p className="notice notice-ok">{t('classes.spotOpen')}</p>
          <BookButton session={session} unfolded={unfolded === 'book'} label={t('classes.bookNow')} />
        </div>
      ) : null}
      {mine?.state === 'WAITLISTED' && mine.canCancel ? (
        <Form method="post">
          <input type="hidden" name="booking" value={mine.id} />
          <input type="hidden" name="from" value={mine.state} />
          <button type="submit" name="intent" value="cancel" className="button button-secondary button-block">
            {t('classes.leaveWaitlist')}
          </button>
        </Form>
      ) : null}
      {mine?.state === 'BOOKED' && mine.canCancel ? (
        <div>
          {mine.freeCancelUntil ? (
            <p className="small muted">{t('classes.freeCancelUntil', { time: mine.freeCancelUntil })}</p>
          ) : (
            <p className="notice notice-error" role="note">
              {t('classes.lateWarning')}
            </p>
          )}
          {/* Issue 37: a cancel, free or late, is confirmed before it happens. */}
          <FoldedWithoutJs
            part="cancel"
            unfolded={unfolded === 'cancel'}
            label={t('classes.cancel')}
            look="button-secondary button-block"
          >
            {mine.freeCancelUntil ? <p>{t('classes.cancelQuestion')}</p> : null}
            <Form method="post" action={session.href}>
              <input type="hidden" name="booking" value={mine.id} />
              <input type="hidden" name="from" value={mine.state} />
              <button
                type="submit"
                name="intent"
                value="cancel"
                className="button button-secondary button-block danger-text"
              >
                {mine.freeCancelUntil ? t('classes.cancelConfirm') : t('classes.cancelLate')}
              </button>
            </Form>
          </FoldedWithoutJs>
        </div>
      ) : null}
      {!live && windowNote ? <p className="muted">{windowNote}</p> : null}
    </div>
  );
}

export default function ClassPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { screen, unfolded } = loaderData;
  if (!screen.ok) {
    return <TimetableFailed message={screen.message} />;
  }
  const { session, standing } = screen.value;
  const blocked = standing.blockedUntil !== null;
  return (
    <main className="page class-page">
      <p className="eyebrow">{t(`classCard.level.${session.level}`)}</p>
      <h1>{session.name}</h1>
      <p className="lead">
        {session.day} · {t('classes.time', { start: session.start, end: session.end })}
      </p>
      <p className="class-card-foot">
        <SpotsText card={session} />
        <BookingBadge booking={session.booking} />
      </p>
      {blocked ? (
        <p className="notice notice-error" role="status">
          {t('classes.blocked', { date: standing.blockedUntil ?? '' })}
        </p>
      ) : standing.strikes > 0 ? (
        <p className="small muted">{t('classes.strikes', { count: standing.strikes })}</p>
      ) : null}
      <Actions session={session} blocked={blocked} unfolded={unfolded} />
      <dl className="facts">
        <div>
          <dt>{t('classes.club')}</dt>
          <dd>{session.club}</dd>
        </div>
        <div>
          <dt>{t('classes.room')}</dt>
          <dd>{session.room}</dd>
        </div>
        <div>
          <dt>{t('classes.capacity')}</dt>
          <dd>
            {t('classes.capacityValue', {
              taken: String(session.capacity - session.spotsLeft),
              capacity: String(session.capacity),
            })}
          </dd>
        </div>
        {session.waitlistCount > 0 ? (
          <div>
            <dt>{t('classes.waitlist')}</dt>
            <dd>{t('classes.waitlistValue', { count: session.waitlistCount })}</dd>
          </div>
        ) : null}
      </dl>
      <h2 className="section-title">{t('classes.about')}</h2>
      <p>{session.description}</p>
      <h2 className="section-title">{t('classes.bring')}</h2>
      <p>{session.bring}</p>
      <h2 className="section-title">{t('classes.instructor')}</h2>
      <div className="class-instructor">
        <Avatar url={session.instructorAvatar} name={session.instructor} />
        <div>
          <p className="class-name">{session.instructor}</p>
          <p className="small muted">{session.instructorBio}</p>
        </div>
      </div>
      <p>
        <Link to="/class" className="link">
          {t('classes.seeTimetable')}
        </Link>
      </p>
    </main>
  );
}
