import { parseWithZod } from '@conform-to/zod/v4';
import { staffEndpoints } from '#api/endpoints/staff.ts';
import { Form, useNavigation } from 'react-router';
import type { z } from 'zod';
import { formatDate, formatDateTime, formatVnd } from '#api/format.ts';
import type { cashConfirmResultSchema, WaitingCashContract } from '#api/staff.ts';
import { useT } from '#app/i18n.ts';
import type { StringsHandle } from '#app/locales/messages.ts';
import { errorText, localizedReply, readForm } from '#app/server/form.server.ts';
import { GatewayError } from '#app/server/gateway.server.ts';
import { getLang, getT } from '#app/server/i18n.server.ts';
import { Codes } from '#api/codes.ts';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { TextField } from '#app/ui/field.tsx';
import { formProps, useServerForm, type FormReply } from '#app/ui/form.ts';
import { useHydrated } from '#app/ui/hooks.ts';
import { pageMeta } from '#app/ui/meta.ts';
import type { Route } from './+types/cash';
import { cashConfirmForm, cashSearch } from './cash.server.ts';
import { requireDeskRole, staffGateway } from './staff-session.server.ts';
import { PhoneSearch } from './phone-search.tsx';
import { MemberLine } from './staff-ui.tsx';

export const handle: StringsHandle = { strings: ['staffCash'] };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'staffCash.title');

/** Issue 17 §2: what waits for cash at the staff member's club (a GM: every club), or for one member's phone. */
export async function loader(args: Route.LoaderArgs) {
  requireDeskRole(args.context);
  const typed = new URL(args.request.url).searchParams.get('phone') ?? '';
  const search = cashSearch.safeParse({ phone: typed || undefined });
  if (!search.success) {
    const issue = search.error.issues[0]?.message ?? 'phoneInvalid';
    return { typed, phoneError: errorText(issue, getLang(args.context)), items: [] as WaitingCashContract[] };
  }
  const query = search.data.phone ? { phoneNumber: search.data.phone } : {};
  const { data: items } = await staffGateway(args)(staffEndpoints.waitingCash, { query });
  return { typed, phoneError: null, items };
}

/** Confirms one item with the counted amount: the gateway settles it (553 when the amount is not the one due). */
export async function action(args: Route.ActionArgs) {
  requireDeskRole(args.context);
  const lang = getLang(args.context);
  const submission = parseWithZod(await readForm(args.request), { schema: cashConfirmForm });
  if (submission.status !== 'success') {
    return {
      key: Number(submission.payload.paymentId),
      result: localizedReply(submission.reply(), lang),
      receipt: null,
    };
  }
  const { paymentId, amount } = submission.value;
  try {
    // Issue 38 §1: one confirmation for every kind of payable, by its slip (ADR 063).
    const { data: receipt } = await staffGateway(args)(staffEndpoints.cashPayment, {
      params: { id: paymentId },
      json: { amount },
    });
    return { key: paymentId, result: null, receipt };
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    // 553's own text speaks to the member ("contact your club"): the desk is told to count again.
    const text = error.code === Codes.PAYMENT_AMOUNT_MISMATCH ? getT(args.context)('staffCash.mismatch') : error.text;
    return {
      key: paymentId,
      result: localizedReply(submission.reply({ fieldErrors: { amount: [text] } }), lang),
      receipt: null,
    };
  }
}

function CashItem({ item, lastResult }: { item: WaitingCashContract; lastResult: FormReply | null }) {
  const { t, lang } = useT();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('paymentId') === String(item.paymentId);
  const [form, fields] = useServerForm({ id: `cash-${String(item.paymentId)}`, fields: ['amount'], lastResult });
  return (
    <li className="staff-item">
      <MemberLine member={item.member} />
      <dl className="facts">
        <PayableFacts item={item} />
        <dt>{t('staffCash.due')}</dt>
        <dd className="staff-amount">{formatVnd(item.amount, lang)}</dd>
        <dt>{t('staffCash.reference')}</dt>
        <dd className="mono">{item.reference}</dd>
        <dt>{t('staffCash.created')}</dt>
        <dd>{formatDateTime(item.createdAt)}</dd>
      </dl>
      <Form method="post" {...formProps(form)} className="staff-cash-form">
        <input type="hidden" name="paymentId" value={item.paymentId} />
        <TextField field={fields.amount} label={t('staffCash.received')} inputMode="numeric" autoComplete="off" />
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('staffCash.confirm')}
        </button>
      </Form>
    </li>
  );
}

type Receipt = z.infer<typeof cashConfirmResultSchema>;

/** What is paid and where: the kind (membership, freeze fee, PT package) with its name, and the club. */
function PayableFacts({ item }: { item: WaitingCashContract | Receipt }) {
  const { t, lang } = useT();
  return (
    <>
      <dt>{t(`staffCash.kind.${item.kind}`)}</dt>
      <dd>{lang === 'en' ? item.planNameEn : item.planNameVi}</dd>
      <dt>{t('staffCash.club')}</dt>
      <dd>{lang === 'en' ? item.club.nameEn : item.club.nameVi}</dd>
    </>
  );
}

function CashReceipt({ receipt }: { receipt: Receipt }) {
  const { t, lang } = useT();
  const hydrated = useHydrated();
  return (
    <section className="staff-receipt notice notice-ok" aria-labelledby="receipt-title" role="status">
      <h2 id="receipt-title">{t('staffCash.receiptTitle')}</h2>
      <p>
        {receipt.outcome === 'settled' ? t(`staffCash.receiptSettled.${receipt.kind}`) : t('staffCash.receiptAlready')}
      </p>
      <MemberLine member={receipt.member} />
      <dl className="facts">
        <PayableFacts item={receipt} />
        <dt>{t('staffCash.reference')}</dt>
        <dd className="mono">{receipt.reference}</dd>
        <dt>{t('staffCash.receiptAmount')}</dt>
        <dd>{formatVnd(receipt.amount, lang)}</dd>
        {receipt.paidAt ? (
          <>
            <dt>{t('staffCash.receiptPaidAt')}</dt>
            <dd>{formatDateTime(receipt.paidAt)}</dd>
          </>
        ) : null}
        <dt>{t(`staffCash.receiptPeriod.${receipt.kind}`)}</dt>
        <dd>
          {formatDate(receipt.startDate)} – {formatDate(receipt.endDate)}
        </dd>
      </dl>
      {hydrated ? (
        <button type="button" className="button button-secondary staff-print" onClick={() => window.print()}>
          {t('staffCash.print')}
        </button>
      ) : null}
    </section>
  );
}

export default function StaffCash({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const { typed, phoneError, items } = loaderData;
  return (
    <main className="page">
      <h1>{t('staffCash.title')}</h1>
      <p className="lead">{t('staffCash.lead')}</p>
      {actionData?.receipt ? <CashReceipt receipt={actionData.receipt} /> : null}
      <PhoneSearch
        id="cash-phone"
        label={t('staffCash.search')}
        submitLabel={t('staffCash.searchSubmit')}
        typed={typed}
        error={phoneError}
        className="staff-search"
      >
        {typed ? (
          <a href="/staff/cash" className="link">
            {t('staffCash.showAll')}
          </a>
        ) : null}
      </PhoneSearch>
      {items.length === 0 ? (
        <EmptyState
          icon="hourglass"
          title={t('staffCash.emptyTitle')}
          text={typed ? t('staffCash.emptySearch') : t('staffCash.emptyText')}
        />
      ) : (
        <ul className="staff-list">
          {items.map((item) => (
            <CashItem
              key={item.paymentId}
              item={item}
              lastResult={actionData?.key === item.paymentId ? actionData.result : null}
            />
          ))}
        </ul>
      )}
    </main>
  );
}
