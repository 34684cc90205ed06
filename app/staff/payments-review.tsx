import { redirect, Form, useNavigation } from 'react-router';
import { staffEndpoints } from '#api/endpoints/staff.ts';
import { z } from 'zod';
import { formatDateTime, formatVnd } from '#api/format.ts';
import type { PaymentEvent } from '#api/staff.ts';
import { useT } from '#app/i18n.ts';
import type { StringsHandle } from '#app/locales/messages.ts';
import { readFormAs } from '#app/server/form.server.ts';
import { GatewayError } from '#app/server/gateway.server.ts';
import { getT } from '#app/server/i18n.server.ts';
import { flashToast, getSession } from '#app/server/session.server.ts';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { pageMeta } from '#app/ui/meta.ts';
import type { Route } from './+types/payments-review';
import { requireDeskRole, staffGateway } from './staff-session.server.ts';

export const handle: StringsHandle = { strings: ['staffPayments'] };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'staffPayments.title');

/** Issue 17 §2: bank transfers that did not match a payment (wrong amount, late, unknown memo) at the staff member's club (a GM: every club). */
export async function loader(args: Route.LoaderArgs) {
  requireDeskRole(args.context);
  const { data } = await staffGateway(args)(staffEndpoints.paymentEvents, { query: { needsReview: 'true' } });
  return { events: data };
}

/** Staff dealt with the money (refunded it, matched it by hand): it leaves the queue with their name (audited). */
export async function action(args: Route.ActionArgs) {
  requireDeskRole(args.context);
  const { id } = await readFormAs(
    args.request,
    z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
  );
  try {
    await staffGateway(args)(staffEndpoints.reviewPaymentEvent, { params: { id } });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    return { id, error: error.text };
  }
  flashToast(getSession(args.context), { kind: 'success', text: getT(args.context)('staffPayments.reviewedToast') });
  throw redirect('/staff/payments');
}

function EventCard({ event, error }: { event: PaymentEvent; error: string | undefined }) {
  const { t, lang } = useT();
  const busy = useNavigation().state === 'submitting';
  return (
    <li className="staff-item">
      <div className="staff-item-head">
        <p className="staff-item-name">{t(`staffPayments.outcome.${event.outcome}`)}</p>
        <p className="staff-amount">{formatVnd(event.amount, lang)}</p>
      </div>
      <dl className="facts">
        {event.expectedAmount !== null ? (
          <>
            <dt>{t('staffPayments.expected')}</dt>
            <dd>{formatVnd(event.expectedAmount, lang)}</dd>
          </>
        ) : null}
        <dt>{t('staffPayments.memo')}</dt>
        <dd className="mono">{event.description}</dd>
        {event.reference ? (
          <>
            <dt>{t('staffPayments.reference')}</dt>
            <dd className="mono">{event.reference}</dd>
          </>
        ) : null}
        <dt>{t('staffPayments.received')}</dt>
        <dd>{formatDateTime(event.createdAt)}</dd>
      </dl>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <Form method="post" className="staff-actions">
        <input type="hidden" name="id" value={event.id} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('staffPayments.markReviewed')}
        </button>
      </Form>
    </li>
  );
}

export default function StaffPaymentsReview({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  return (
    <main className="page">
      <h1>{t('staffPayments.title')}</h1>
      <p className="lead">{t('staffPayments.lead')}</p>
      {loaderData.events.length === 0 ? (
        <EmptyState icon="membership" title={t('staffPayments.emptyTitle')} text={t('staffPayments.emptyText')} />
      ) : (
        <ul className="staff-list">
          {loaderData.events.map((event) => (
            <EventCard
              key={event.id}
              event={event}
              error={actionData?.id === event.id ? actionData.error : undefined}
            />
          ))}
        </ul>
      )}
    </main>
  );
}
