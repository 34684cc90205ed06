import { parseWithZod } from '@conform-to/zod/v4';
import { staffEndpoints } from '#api/endpoints/staff.ts';
import { Form, redirect, useNavigation } from 'react-router';
import { formatDate } from '#api/format.ts';
import type { WaitingFreeSession } from '#api/staff.ts';
import { useT } from '#app/i18n.ts';
import type { StringsHandle } from '#app/locales/messages.ts';
import { localizedReply, readForm } from '#app/server/form.server.ts';
import { GatewayError } from '#app/server/gateway.server.ts';
import { getLang, getT } from '#app/server/i18n.server.ts';
import { flashToast, getSession } from '#app/server/session.server.ts';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { FieldErrors, FormErrors } from '#app/ui/field.tsx';
import { formProps, useServerForm, type FormReply } from '#app/ui/form.ts';
import { pageMeta } from '#app/ui/meta.ts';
import type { Route } from './+types/trials';
import { requireDeskRole, staffGateway } from './staff-session.server.ts';
import { MemberLine } from './staff-ui.tsx';
import { trialProposalForm } from './trials.server.ts';

export const handle: StringsHandle = { strings: ['staffTrials'] };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'staffTrials.title');

type Trainer = { ptId: number; fullName: string };

/** Issue 17 §2: trial sessions waiting for a time at the staff member's club (a GM: every club), and each club's trainers to propose; one gateway read (issue 18). */
export async function loader(args: Route.LoaderArgs) {
  requireDeskRole(args.context);
  const { data } = await staffGateway(args)(staffEndpoints.trials);
  // A member books one trial at a time (167): their open one, else the first of those still to book.
  const waiting = data.sessions.filter(
    (session, _, list) =>
      session.status !== 'AVAILABLE' ||
      (!list.some((other) => other.member.phoneNumber === session.member.phoneNumber && other.status !== 'AVAILABLE') &&
        list.find((other) => other.member.phoneNumber === session.member.phoneNumber) === session),
  );
  const trainers: Record<number, Trainer[]> = {};
  for (const { clubId, ptId, fullName } of data.trainers) (trainers[clubId] ??= []).push({ ptId, fullName });
  return { waiting, trainers };
}

/** A proposal: the member is asked to accept it (WAITCUSCONFIRM); 164 outside the trainer's hours, 456 the hour is taken. */
export async function action(args: Route.ActionArgs) {
  requireDeskRole(args.context);
  const lang = getLang(args.context);
  const form = await readForm(args.request);
  const id = Number(form.get('freeSessionId'));
  const submission = parseWithZod(form, { schema: trialProposalForm });
  if (submission.status !== 'success') return { id, result: localizedReply(submission.reply(), lang) };
  const { freeSessionId, ptId, date, time } = submission.value;
  try {
    await staffGateway(args)(staffEndpoints.proposeFreeSession, {
      params: { id: freeSessionId },
      json: { ptId, date, afterMinute: time },
    });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    return { id, result: localizedReply(submission.reply({ formErrors: [error.text] }), lang) };
  }
  flashToast(getSession(args.context), { kind: 'success', text: getT(args.context)('staffTrials.proposed') });
  throw redirect('/staff/trials');
}

function ProposalForm({
  session,
  trainers,
  lastResult,
}: {
  session: WaitingFreeSession;
  trainers: Trainer[];
  lastResult: FormReply | undefined;
}) {
  const { t } = useT();
  const busy = useNavigation().state === 'submitting';
  const [form, fields] = useServerForm({
    id: `trial-${String(session.freeSessionId)}`,
    fields: ['ptId', 'date', 'time'],
    lastResult,
  });
  return (
    <Form method="post" {...formProps(form)} className="staff-trial-form">
      <input type="hidden" name="freeSessionId" value={session.freeSessionId} />
      <div className="field">
        <label htmlFor={fields.ptId.id}>{t('staffTrials.trainer')}</label>
        <select
          id={fields.ptId.id}
          aria-invalid={fields.ptId.errors ? true : undefined}
          aria-describedby={fields.ptId.errors ? fields.ptId.errorId : undefined}
          name="ptId"
          className="input"
          defaultValue={fields.ptId.initialValue ?? session.booking?.trainerId}
        >
          {trainers.map((trainer) => (
            <option key={trainer.ptId} value={trainer.ptId}>
              {trainer.fullName}
            </option>
          ))}
        </select>
        <FieldErrors id={fields.ptId.errorId} errors={fields.ptId.errors} />
      </div>
      <div className="field">
        <label htmlFor={fields.date.id}>{t('staffTrials.date')}</label>
        <input
          id={fields.date.id}
          aria-invalid={fields.date.errors ? true : undefined}
          aria-describedby={fields.date.errors ? fields.date.errorId : undefined}
          name="date"
          type="date"
          className="input"
          min={session.validFrom}
          max={session.validUntil}
          defaultValue={fields.date.initialValue ?? session.booking?.date ?? session.validFrom}
          required
        />
        <FieldErrors id={fields.date.errorId} errors={fields.date.errors} />
      </div>
      <div className="field">
        <label htmlFor={fields.time.id}>{t('staffTrials.time')}</label>
        <input
          id={fields.time.id}
          aria-invalid={fields.time.errors ? true : undefined}
          aria-describedby={fields.time.errors ? fields.time.errorId : undefined}
          name="time"
          type="time"
          step={1800}
          className="input"
          defaultValue={fields.time.initialValue ?? session.booking?.startTime ?? ''}
          required
        />
        <FieldErrors id={fields.time.errorId} errors={fields.time.errors} />
      </div>
      <FormErrors id={form.errorId} errors={form.errors} />
      <button type="submit" className="button button-primary" disabled={busy}>
        {t('staffTrials.propose')}
      </button>
    </Form>
  );
}

export default function StaffTrials({ loaderData, actionData }: Route.ComponentProps) {
  const { t, lang } = useT();
  const { waiting, trainers } = loaderData;
  return (
    <main className="page">
      <h1>{t('staffTrials.title')}</h1>
      <p className="lead">{t('staffTrials.lead')}</p>
      {waiting.length === 0 ? (
        <EmptyState icon="clock" title={t('staffTrials.emptyTitle')} text={t('staffTrials.emptyText')} />
      ) : (
        <ul className="staff-list">
          {waiting.map((session) => (
            <li key={session.freeSessionId} className="staff-item">
              <MemberLine member={session.member} />
              <p>
                <span className={`status-badge booking-state booking-state-${session.status.toLowerCase()}`}>
                  {t(`staffTrials.status.${session.status}`)}
                </span>
              </p>
              <p className="muted">
                {lang === 'en' ? session.clubNameEn : session.clubNameVi} ·{' '}
                {t('staffTrials.window', {
                  from: formatDate(session.validFrom),
                  until: formatDate(session.validUntil),
                })}
              </p>
              {session.booking ? (
                <p>
                  {session.booking.startTime} · {formatDate(session.booking.date)} · {session.booking.trainerName}
                </p>
              ) : null}
              {session.status === 'AVAILABLE' ||
              session.status === 'WAITPTCONFIRM' ||
              session.status === 'WAITCUSCONFIRM' ? (
                <ProposalForm
                  session={session}
                  trainers={trainers[session.clubId] ?? []}
                  lastResult={actionData?.id === session.freeSessionId ? actionData.result : undefined}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
