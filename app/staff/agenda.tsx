import { Form, redirect, useNavigation } from 'react-router';
import { z } from 'zod';
import { formatDate, formatVnd } from '#contract/format.ts';
import { trainerAgendaItemSchema, trainerRequestSchema, type TrainerAgendaItem, type TrainerRequest } from '#contract/pt.ts';
import { useT } from '#app/i18n.ts';
import { readFormAs } from '#app/server/form.server.ts';
import { GatewayError } from '#app/server/gateway.server.ts';
import { getT } from '#app/server/i18n.server.ts';
import { flashToast, getSession } from '#app/server/session.server.ts';
import { pageMeta } from '#app/ui/meta.ts';
import type { Route } from './+types/agenda';
import { requireTrainer, staffGateway } from './staff-session.server.ts';
import { MemberLine } from './staff-ui.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'staff.agenda.title');

/** Issue 17 §2: the trainer's package requests and sessions from today on (their own only: the gateway answers for the token). */
export async function loader(args: Route.LoaderArgs) {
  requireTrainer(args.context);
  const call = staffGateway(args);
  const [bookings, requests] = await Promise.all([call('/api/v1/staff/pt/bookings', z.array(trainerAgendaItemSchema)), call('/api/v1/staff/pt/requests', z.array(trainerRequestSchema))]);
  return { bookings: bookings.data, requests: requests.data, now: Date.now() };
}

const answerForm = z.discriminatedUnion('intent', [
  z.object({ intent: z.enum(['confirm', 'reject', 'complete']), bookingId: z.coerce.number().int().positive() }),
  z.object({ intent: z.enum(['accept', 'decline']), ptContractId: z.coerce.number().int().positive() }),
]);

/** One answer: a session confirmed, declined or completed; a package request taken or declined. The member is told by the gateway. */
export async function action(args: Route.ActionArgs) {
  requireTrainer(args.context);
  const answer = await readFormAs(args.request, answerForm);
  const path =
    'ptContractId' in answer
      ? `/api/v1/staff/pt-contract/${String(answer.ptContractId)}/${answer.intent === 'accept' ? 'accept' : 'reject'}`
      : `/api/v1/staff/pt-booking/${String(answer.bookingId)}/${answer.intent}`;
  try {
    await staffGateway(args)(path, z.unknown(), { method: 'PUT' });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    return { error: error.text };
  }
  flashToast(getSession(args.context), { kind: 'success', text: getT(args.context)(`staff.agenda.done.${answer.intent}`) });
  throw redirect('/staff/agenda');
}

/** The session has started (Vietnam time): only then can it be marked completed. */
const hasStarted = (item: TrainerAgendaItem, now: number) => Date.parse(`${item.date}T${item.startTime}:00+07:00`) <= now;

function AnswerButtons({ name, value, buttons }: { name: string; value: number; buttons: { intent: string; label: string; primary?: boolean }[] }) {
  const busy = useNavigation().state === 'submitting';
  return (
    <Form method="post" className="staff-actions">
      <input type="hidden" name={name} value={value} />
      {buttons.map((b) => (
        <button key={b.intent} type="submit" name="intent" value={b.intent} className={`button ${b.primary ? 'button-primary' : 'button-secondary'}`} disabled={busy}>
          {b.label}
        </button>
      ))}
    </Form>
  );
}

function RequestCard({ request }: { request: TrainerRequest }) {
  const { t, lang } = useT();
  return (
    <li className="staff-item">
      <p className="staff-item-name">{t('staff.agenda.package', { name: lang === 'en' ? request.packageNameEn : request.packageNameVi, price: formatVnd(request.price, lang) })}</p>
      <MemberLine member={request.member} />
      <p className="muted">{formatDate(request.createdAt)}</p>
      <AnswerButtons
        name="ptContractId"
        value={request.ptContractId}
        buttons={[
          { intent: 'accept', label: t('staff.agenda.accept'), primary: true },
          { intent: 'decline', label: t('staff.agenda.decline') },
        ]}
      />
    </li>
  );
}

function SessionCard({ item, now }: { item: TrainerAgendaItem; now: number }) {
  const { t } = useT();
  const buttons =
    item.status === 'WAITPTCONFIRM'
      ? [
          { intent: 'confirm', label: t('staff.agenda.confirm'), primary: true },
          { intent: 'reject', label: t('staff.agenda.decline') },
        ]
      : item.status === 'BOOKED' && hasStarted(item, now)
        ? [{ intent: 'complete', label: t('staff.agenda.complete'), primary: true }]
        : [];
  return (
    <li className="staff-item">
      <div className="staff-item-head">
        <p className="staff-item-name">
          {item.startTime}–{item.endTime} · {formatDate(item.date)}
        </p>
        <p className={`booking-state booking-state-${item.status.toLowerCase()}`}>{t(`staff.agenda.status.${item.status}`)}</p>
      </div>
      <MemberLine member={item.member} />
      <p className="muted">{item.sessionsLeft === null ? t('staff.agenda.trial') : t('staff.agenda.sessionsLeft', { count: item.sessionsLeft })}</p>
      {buttons.length ? <AnswerButtons name="bookingId" value={item.bookingId} buttons={buttons} /> : null}
    </li>
  );
}

export default function StaffAgenda({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const { bookings, requests, now } = loaderData;
  return (
    <main className="page">
      <h1>{t('staff.agenda.title')}</h1>
      <p className="lead">{t('staff.agenda.lead')}</p>
      {actionData?.error ? (
        <p className="notice notice-error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      <h2>{t('staff.agenda.requests')}</h2>
      {requests.length === 0 ? (
        <p className="muted">{t('staff.agenda.requestsNone')}</p>
      ) : (
        <ul className="staff-list">
          {requests.map((request) => (
            <RequestCard key={request.ptContractId} request={request} />
          ))}
        </ul>
      )}
      <h2>{t('staff.agenda.sessions')}</h2>
      {bookings.length === 0 ? (
        <p className="muted">{t('staff.agenda.sessionsNone')}</p>
      ) : (
        <ul className="staff-list">
          {bookings.map((item) => (
            <SessionCard key={item.bookingId} item={item} now={now} />
          ))}
        </ul>
      )}
    </main>
  );
}
