import { parseWithZod } from '@conform-to/zod/v4';
import { Form, redirect, useNavigation } from 'react-router';
import { feedbackStates, feedbackTypes } from '#api/feedback-types.ts';
import type { StaffFeedback } from '#api/feedback.ts';
import { formatDateTime } from '#api/format.ts';
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
import type { Route } from './+types/feedback-inbox';
import { handledForm, inboxFilters } from './feedback-inbox.server.ts';
import { requireDeskRole, staffGateway, staffOf } from './staff-session.server.ts';
import { MemberLine } from './staff-ui.tsx';
import { feedbackEndpoints } from '#api/endpoints/feedback.ts';

/** The string parts this page uses besides the frame's (ADR 030): the report types' names. */
export const handle: StringsHandle = { strings: ['feedback', 'staffInbox'] };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'staffInbox.title');

/** Issue 17 §2: members' feedback and visitors' reports of the staff member's club (a GM: every club), new first by default. */
export async function loader(args: Route.LoaderArgs) {
  requireDeskRole(args.context);
  const params = new URL(args.request.url).searchParams;
  const filters = inboxFilters.parse({ state: params.get('state') ?? 'NEW', type: params.get('type') || undefined });
  const { data } = await staffGateway(args)(feedbackEndpoints.staffList, {
    query: { state: filters.state || undefined, type: filters.type || undefined },
  });
  return { items: data, state: filters.state ?? '', type: filters.type ?? '', clubId: staffOf(args.context).clubId };
}

/** Marks one handled with the reply (the member is notified by the gateway); a reply refused stays typed. */
export async function action(args: Route.ActionArgs) {
  requireDeskRole(args.context);
  const form = await readForm(args.request);
  const id = Number(form.get('id'));
  const submission = parseWithZod(form, { schema: handledForm });
  if (submission.status !== 'success') return { id, result: localizedReply(submission.reply(), getLang(args.context)) };
  try {
    await staffGateway(args)(feedbackEndpoints.staffHandled, {
      params: { id: submission.value.id },
      json: { reply: submission.value.reply },
    });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    return {
      id,
      result: localizedReply(submission.reply({ fieldErrors: { reply: [error.text] } }), getLang(args.context)),
    };
  }
  flashToast(getSession(args.context), { kind: 'success', text: getT(args.context)('staffInbox.handledToast') });
  throw redirect(new URL(args.request.url).pathname + new URL(args.request.url).search);
}

function ReplyForm({ item, lastResult }: { item: StaffFeedback; lastResult: FormReply | undefined }) {
  const { t } = useT();
  const busy = useNavigation().state === 'submitting';
  const [form, fields] = useServerForm({ id: `reply-${String(item.id)}`, fields: ['reply'], lastResult });
  return (
    <Form method="post" {...formProps(form)} className="staff-cash-form">
      <input type="hidden" name="id" value={item.id} />
      <TextField field={fields.reply} label={t('staffInbox.reply')} rows={3} maxLength={1000} />
      <button type="submit" className="button button-primary" disabled={busy}>
        {t('staffInbox.markHandled')}
      </button>
    </Form>
  );
}

export default function StaffFeedbackInbox({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const { items, state, type, clubId } = loaderData;
  return (
    <main className="page">
      <h1>{t('staffInbox.title')}</h1>
      <p className="lead">{t('staffInbox.lead')}</p>
      {clubId === null ? null : (
        <p className="muted">
          <a href={`/public/customer-report/poster.svg?club=${String(clubId)}`} target="_blank" rel="noopener">
            {t('staffInbox.poster')}
          </a>{' '}
          {t('staffInbox.posterHint')}
        </p>
      )}
      <Form method="get" className="staff-filters">
        <div className="field">
          <label htmlFor="inbox-state">{t('staffInbox.state')}</label>
          <select id="inbox-state" name="state" defaultValue={state} className="input">
            {feedbackStates.map((s) => (
              <option key={s} value={s}>
                {t(`staffInbox.states.${s}`)}
              </option>
            ))}
            <option value="">{t('staffInbox.all')}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="inbox-type">{t('staffInbox.type')}</label>
          <select id="inbox-type" name="type" defaultValue={type} className="input">
            <option value="">{t('staffInbox.all')}</option>
            {feedbackTypes.map((ft) => (
              <option key={ft} value={ft}>
                {t(`feedback.types.${ft}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button-secondary">
          {t('staffInbox.filter')}
        </button>
      </Form>
      {items.length === 0 ? (
        <EmptyState icon="support" title={t('staffInbox.emptyTitle')} text={t('staffInbox.emptyText')} />
      ) : (
        <ul className="staff-list">
          {items.map((item) => (
            <li key={item.id} className="staff-item">
              <div className="staff-item-head">
                <p className="staff-item-name">{t(`feedback.types.${item.type}`)}</p>
                <p className="muted">{t(item.source === 'PUBLIC' ? 'staffInbox.public' : 'staffInbox.member')}</p>
              </div>
              <p aria-label={t('feedback.star', { count: item.rate })}>
                {'★'.repeat(item.rate) + '☆'.repeat(Math.max(0, 5 - item.rate))}
              </p>
              <p className="staff-comment">{item.comment}</p>
              {item.photoUrl ? (
                <img className="staff-photo" src={item.photoUrl} alt={t('staffInbox.photo')} loading="lazy" />
              ) : null}
              {item.phoneNumber ? (
                <MemberLine member={{ fullName: item.memberName ?? '', phoneNumber: item.phoneNumber }} />
              ) : (
                <p className="muted">{t('staffInbox.anonymous')}</p>
              )}
              <p className="muted">{formatDateTime(item.createdAt)}</p>
              {item.state === 'HANDLED' ? (
                <p className="notice notice-ok">
                  {t('staffInbox.replied')} {item.reply}
                </p>
              ) : (
                <ReplyForm item={item} lastResult={actionData?.id === item.id ? actionData.result : undefined} />
              )}
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
