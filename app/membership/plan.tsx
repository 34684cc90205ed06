import { pick } from '#app/account/account.server.ts';
import { Form, Link, redirect, useNavigation, type ShouldRevalidateFunction } from 'react-router';
import { isId } from '#api/clubs.ts';
import { Codes, messageForCode } from '#api/codes.ts';
import { createContractBody, referralCheckBody } from '#api/membership.ts';
import { referralCodeSchema } from '#api/validation.ts';
import { FieldErrors, FormErrors } from '#app/ui/field.tsx';
import { validationMessage } from '#api/validation-messages.ts';
import { MembershipError, PlanFacts, PlanPrice } from './membership-ui.tsx';
import { afterPlanWord, formatDate, formatVnd } from '#api/format.ts';
import { GatewayError, gatewayClient } from '#app/server/gateway.server.ts';
import { useT } from '#app/i18n.ts';
import {
  clearSavedCoupon,
  fetchPlan,
  getSavedCoupon,
  loadClub,
  loadPlan,
  loadPurchaseOptions,
  membershipTerms,
  normalizeCoupon,
  notFoundPage,
  placePurchaseError,
  planView,
  purchaseNotes,
  saveCoupon,
} from './membership.server.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { getLang, getT } from '#app/server/i18n.server.ts';
import { flashToast, getSession } from '#app/server/session.server.ts';
import type { PurchaseField as Field } from './membership.server.ts';
import { shellOnly } from '#app/server/member-read.server.ts';
import type { Route } from './+types/plan';
import type { ShellHandle } from '#app/shell/handle.ts';
import { readForm } from '#app/server/form.server.ts';
import { membershipEndpoints } from '#api/endpoints/membership.ts';

export const handle: ShellHandle = {
  strings: ['membership', 'purchase'],
  back: { to: '/membership', label: 'membership.backToClubs' },
};

/** No screen read: the layout reads the member shell alone, the page its own data (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [shellOnly];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'purchase.title');

function ids(params: Route.LoaderArgs['params']) {
  if (!isId(params.clubId) || !isId(params.paymentPlanId)) throw notFoundPage();
  return { clubId: Number(params.clubId), planId: Number(params.paymentPlanId) };
}

export async function loader(args: Route.LoaderArgs) {
  const { clubId, planId } = ids(args.params);
  const lang = getLang(args.context);
  const savedCoupon = getSavedCoupon(getSession(args.context));
  const club = await loadClub(args, String(clubId));
  // A closed club sells nothing: the page says so instead of a plan.
  if (!club.isActive) return { club, plan: null };
  const [priced, options] = await Promise.all([
    loadPlan(args, clubId, planId, savedCoupon),
    loadPurchaseOptions(args, clubId, planId),
  ]);
  if (priced.plan.clubId !== club.id) throw notFoundPage();
  const notes = purchaseNotes(getT(args.context), options, priced.plan.isSubscription);
  return {
    club,
    plan: planView(priced.plan, lang),
    savedCoupon,
    couponError: priced.couponError,
    ...options,
    ...notes,
    terms: membershipTerms,
  };
}

type Values = Record<Field | 'savedCardId', string>;
/** Another plan of this club already waits for payment: continue it, or cancel it for this one. */
type OtherUnpaid = { contractId: number; planName: string };
type ActionResult = {
  values: Values;
  fieldErrors: Partial<Record<Field, string[]>>;
  formErrors: string[];
  referralOk: string | null;
  /** The days the checked referral code adds (issue 38 §9: the summary's end date moves at once). */
  referralBonusDays: number;
  otherUnpaid: OtherUnpaid | null;
  /** The gateway was away: nothing was done, the page stays as it is with what was typed (issue 9). */
  unavailable: boolean;
};

/** A step refused because the gateway is away (5xx): say so by the field tapped (else above Confirm) and keep everything typed. */
function gatewayAway(result: ActionResult, error: GatewayError, field?: Field): ActionResult {
  if (field) result.fieldErrors[field] = [error.text];
  else result.formErrors.push(error.text);
  result.unavailable = true;
  return result;
}

/** After such a refusal the page is not reloaded: its loader would fail too and take the form with it. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as Partial<ActionResult> | undefined)?.unavailable ? false : defaultShouldRevalidate;

/**
 * One form for the whole purchase, so nothing typed is lost whichever button is pressed (and
 * with JavaScript off): apply or remove a coupon, check a referral code, or confirm.
 */
export async function action(args: Route.ActionArgs) {
  const { clubId, planId } = ids(args.params);
  const { context } = args;
  const session = getSession(context);
  const t = getT(context);
  const call = gatewayClient(args);
  const formData = await readForm(args.request);
  const text = (name: string) => String(formData.get(name) ?? '').trim();
  const values: Values = {
    couponCode: text('couponCode'),
    referralCode: text('referralCode'),
    paymentMethod: text('paymentMethod'),
    savedCardId: text('savedCardId'),
  };
  const result: ActionResult = {
    values,
    fieldErrors: {},
    formErrors: [],
    referralOk: null,
    referralBonusDays: 0,
    otherUnpaid: null,
    unavailable: false,
  };
  const refusal = (key: 'referralInvalid' | 'required') => [validationMessage(key, getLang(args.context))];
  const chosenCoupon = text('coupon');
  const intent = formData.get('intent') ?? (chosenCoupon ? 'coupon' : 'update');

  if (intent === 'removeCoupon') {
    clearSavedCoupon(session);
    return result;
  }

  // A code typed but not applied yet is applied first, also on Confirm: the member sees the new
  // total (or the refusal) before anything is bought.
  const typedCoupon = chosenCoupon || values.couponCode;
  const applyFirst = intent === 'confirm' && typedCoupon !== '';
  if (intent === 'coupon' || intent === 'update' || applyFirst) {
    const typed = typedCoupon;
    if (typed) {
      const { code, valid } = normalizeCoupon(typed);
      if (!valid || !code) {
        result.fieldErrors.couponCode = [messageForCode(Codes.PROMO_CODE_INVALID, getLang(context))];
      } else {
        try {
          await fetchPlan(args, clubId, planId, code);
          saveCoupon(session, code);
          values.couponCode = '';
        } catch (error) {
          if (!(error instanceof GatewayError)) throw error;
          if (error.status >= 500) return gatewayAway(result, error, 'couponCode');
          if (error.status === 404) throw notFoundPage();
          result.fieldErrors.couponCode = [error.text];
        }
      }
    }
  }

  if (intent === 'referral' || (intent === 'update' && values.referralCode)) {
    const parsed = referralCheckBody.safeParse({ phoneNumber: values.referralCode, paymentPlanId: planId });
    if (!parsed.success) result.fieldErrors.referralCode = refusal('referralInvalid');
    else {
      try {
        const checked = await call(membershipEndpoints.checkReferral, { json: parsed.data });
        result.referralOk = `${checked.message} ${t('purchase.referralOk', { name: checked.data.referrerName, days: checked.data.bonusDays })}`;
        result.referralBonusDays = checked.data.bonusDays;
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        if (error.status >= 500) return gatewayAway(result, error, 'referralCode');
        result.fieldErrors.referralCode = [error.text];
      }
    }
  }

  if ((intent !== 'confirm' && intent !== 'replace') || applyFirst) return result;

  const method = Number(values.paymentMethod);
  if (![1, 2, 3].includes(method)) result.fieldErrors.paymentMethod = refusal('required');
  const referral = referralCodeSchema.safeParse(values.referralCode);
  if (!referral.success) result.fieldErrors.referralCode = refusal('referralInvalid');

  // What was shown is what is bought: the coupon the page priced with (none when it showed none).
  // If that coupon can no longer be used, its message is shown and nothing is bought.
  let couponId: number | null = null;
  const shown = text('shownCoupon');
  if (shown) {
    try {
      if (getSavedCoupon(session) !== shown) throw new Error('coupon removed meanwhile');
      couponId = (await fetchPlan(args, clubId, planId, shown)).coupon?.id ?? null;
    } catch (error) {
      if (error instanceof GatewayError && error.status < 500) result.fieldErrors.couponCode = [error.text];
      else if (error instanceof GatewayError) return gatewayAway(result, error);
      else result.formErrors.push(t('purchase.couponChanged'));
    }
  }
  if (Object.keys(result.fieldErrors).length || result.formErrors.length) return result;

  const body = createContractBody.parse({
    paymentPlanId: planId,
    paymentMethodGroupId: method,
    couponId,
    referralCode: referral.data ?? null,
    isCash: method === 3,
    savedCardId: method === 2 && isId(values.savedCardId) ? Number(values.savedCardId) : null,
  });
  try {
    // "Cancel that one and buy this plan": the other unpaid contract of this club becomes FAIL first.
    const replace = text('replaceContractId');
    if (intent === 'replace' && isId(replace)) await call(membershipEndpoints.cancel, { params: { id: replace } });
    const created = await call(membershipEndpoints.create, { json: body });
    const { contract, existing } = created.data;
    if (existing && contract.paymentPlanId !== planId) {
      const lang = getLang(context);
      result.otherUnpaid = {
        contractId: contract.contractId,
        planName: pick(lang, contract.paymentPlan.planNameVi, contract.paymentPlan.planNameEn),
      };
      return result;
    }
    clearSavedCoupon(session);
    flashToast(session, { kind: 'success', text: created.message });
    throw redirect(`/membership/payment/${contract.contractId}`);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    if (error.status >= 500) return gatewayAway(result, error);
    const placed = placePurchaseError(error);
    if (!placed) throw notFoundPage();
    Object.assign(result.fieldErrors, placed.fieldErrors);
    result.formErrors.push(...placed.formErrors);
    return result;
  }
}

function Row({ label, amount, minus, strong }: { label: string; amount: number; minus?: boolean; strong?: boolean }) {
  const { lang } = useT();
  const value = formatVnd(minus ? -amount : amount, lang);
  return (
    <div className={strong ? 'total-row' : undefined}>
      <dt>{label}</dt>
      <dd>{strong ? <strong>{value}</strong> : value}</dd>
    </div>
  );
}

export default function PlanPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  if (!loaderData.plan) {
    const { club } = loaderData;
    return (
      <main className="page">
        <p className="eyebrow">{t('purchase.at', { club: club.name })}</p>
        <h1>{t('purchase.title')}</h1>
        <p className="notice notice-error" role="status">
          {t('purchase.closed')}
        </p>
        <Link to={`/membership/${club.id}/detail`} className="button button-secondary button-block club-actions">
          {t('purchase.clubDetails')}
        </Link>
      </main>
    );
  }
  return <PurchaseForm data={loaderData} actionData={actionData} />;
}

type Loaded = Extract<Route.ComponentProps['loaderData'], { savedCoupon: unknown }>;

function PurchaseForm({ data, actionData }: { data: Loaded; actionData: Route.ComponentProps['actionData'] }) {
  const { t, lang } = useT();
  const navigation = useNavigation();
  const { club, plan, savedCoupon, couponError, coupons, cards, methods, terms } = data;
  const busy = navigation.formData !== undefined;
  const values = actionData?.values;
  const errors = actionData?.fieldErrors ?? {};
  const applied = plan.promotionCode;
  const defaultMethod =
    values?.paymentMethod ||
    String(methods.find((m) => m.code === (plan.isSubscription ? 'CARD' : 'QR'))?.id ?? methods[0]?.id ?? '');
  // A monthly plan is charged every month to a saved card (issue 38 §2): no one-off card, QR or cash for it.
  const recurring = plan.isSubscription;
  const shownMethods = recurring ? methods.filter((m) => m.code === 'CARD') : methods;
  const defaultCard =
    values?.savedCardId || String(cards.find((c) => c.isDefault)?.id ?? (recurring ? (cards[0]?.id ?? '') : 'new'));
  const referralDeal = data.referralDeal;
  // The checked referral code's days, in the summary at once (the payment page counts them too).
  const bonusDays = actionData?.referralOk && !errors.referralCode ? actionData.referralBonusDays : 0;
  const endShown = (bonusDays > 0 ? data.dates?.endWithReferral : data.dates?.end) ?? '';
  const describedBy = (field: Field, hint?: string) =>
    [hint, errors[field] ? `${field}-error` : null].filter(Boolean).join(' ') || undefined;

  return (
    <main className="page plan-page">
      <p className="eyebrow">{t('purchase.at', { club: club.name })}</p>
      <div className="plan-head">
        <h1>{plan.name}</h1>
        {plan.tag ? <span className="plan-tag">{plan.tag}</span> : null}
      </div>
      <p className="plan-slogan">{plan.slogan}</p>
      <PlanPrice plan={plan} />
      <PlanFacts plan={plan} className="facts" />
      <p>{plan.description}</p>

      <Form method="post" className="stack purchase-form">
        {/* The Enter key submits the form's first button: let it re-price and check, never buy. */}
        <button type="submit" name="intent" value="update" className="visually-hidden" tabIndex={-1} aria-hidden="true">
          {t('purchase.update')}
        </button>
        <input type="hidden" name="shownCoupon" value={applied ?? ''} />

        <section className="purchase-section" aria-labelledby="coupon-title">
          <h2 id="coupon-title" className="section-title">
            {t('purchase.couponTitle')}
          </h2>
          {applied ? (
            <div className="coupon-applied" role="status">
              <span>{t('purchase.applied', { code: applied })}</span>
              <button type="submit" name="intent" value="removeCoupon" className="button button-link" disabled={busy}>
                {t('purchase.remove')}
              </button>
            </div>
          ) : null}
          {savedCoupon && couponError ? (
            <p className="notice">{t('purchase.couponSavedOff', { code: savedCoupon, message: couponError })}</p>
          ) : null}
          <div className="field">
            <label htmlFor="couponCode">{t('purchase.couponLabel')}</label>
            <div className="input-row">
              <input
                key={savedCoupon ?? ''}
                id="couponCode"
                name="couponCode"
                className="input input-code"
                defaultValue={values?.couponCode ?? ''}
                placeholder={t('purchase.couponPlaceholder')}
                autoCapitalize="characters"
                autoComplete="off"
                spellCheck={false}
                maxLength={32}
                aria-invalid={errors.couponCode ? true : undefined}
                aria-describedby={describedBy('couponCode')}
              />
              <button type="submit" name="intent" value="coupon" className="button button-secondary" disabled={busy}>
                {t('purchase.apply')}
              </button>
            </div>
            <FieldErrors id="couponCode-error" errors={errors.couponCode} />
          </div>
          <h3 className="sub-title">{t('purchase.yourCoupons')}</h3>
          {coupons.length ? (
            <ul className="coupon-list">
              {coupons.map((coupon) => (
                <li key={coupon.id} className="coupon">
                  <div className="coupon-text">
                    <span className="coupon-name">{coupon.name}</span>
                    <span className="coupon-code">{coupon.code}</span>
                    <span className="muted small">{coupon.description}</span>
                    <span className="muted small">
                      {[
                        coupon.newCustomerOnly ? t('purchase.newCustomers') : null,
                        coupon.validTo ? t('purchase.validTo', { date: formatDate(coupon.validTo) }) : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  </div>
                  {coupon.code === applied ? (
                    <span className="coupon-badge">✓</span>
                  ) : (
                    <button
                      type="submit"
                      name="coupon"
                      value={coupon.code}
                      className="button button-secondary"
                      disabled={busy}
                    >
                      {t('purchase.use')}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted small">{t('purchase.noCoupons')}</p>
          )}
        </section>

        <section className="purchase-section" aria-labelledby="referral-title">
          <h2 id="referral-title" className="section-title">
            {t('purchase.referralTitle')}
          </h2>
          {data.referralClosed ? (
            <div className="notice" id="referral-closed">
              {data.referralClosed.map((text) => (
                <p key={text}>{text}</p>
              ))}
            </div>
          ) : (
            <div className="field">
              <label htmlFor="referralCode">{t('purchase.referralLabel')}</label>
              <div className="input-row">
                <input
                  id="referralCode"
                  name="referralCode"
                  className="input"
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={14}
                  defaultValue={values?.referralCode ?? data.signUpReferral ?? ''}
                  aria-invalid={errors.referralCode ? true : undefined}
                  aria-describedby={describedBy('referralCode', 'referral-hint')}
                />
                <button
                  type="submit"
                  name="intent"
                  value="referral"
                  className="button button-secondary"
                  disabled={busy}
                >
                  {t('purchase.check')}
                </button>
              </div>
              <p id="referral-hint" className="hint">
                {referralDeal
                  ? t('purchase.referralHintUntil', { days: terms.referralDays, date: referralDeal.endsAt })
                  : t('purchase.referralHint', { days: terms.referralDays })}
              </p>
              <FieldErrors id="referralCode-error" errors={errors.referralCode} />
              {actionData?.referralOk && !errors.referralCode ? (
                <p className="field-ok" role="status">
                  {actionData.referralOk}
                </p>
              ) : null}
            </div>
          )}
        </section>

        <fieldset
          className="method-fieldset"
          aria-describedby={errors.paymentMethod ? 'paymentMethod-error' : undefined}
        >
          <legend>{t('purchase.methodTitle')}</legend>
          {shownMethods.map((method) => (
            <div key={method.id} className="method">
              <label className="method-option">
                <input
                  type="radio"
                  name="paymentMethod"
                  value={method.id}
                  defaultChecked={String(method.id) === defaultMethod}
                />
                <span>
                  <span className="method-name">{method.name}</span>
                  <span className="hint">
                    {method.code === 'QR'
                      ? t('purchase.qrHint')
                      : method.code === 'CARD'
                        ? t('purchase.cardHint')
                        : t('purchase.cashHint')}
                  </span>
                </span>
              </label>
              {method.code === 'CARD' ? (
                <div className="saved-cards" role="group" aria-label={t('purchase.savedCards')}>
                  {cards.map((card) => (
                    <label key={card.id} className="check card-option">
                      <input
                        type="radio"
                        name="savedCardId"
                        value={card.id}
                        defaultChecked={String(card.id) === defaultCard}
                      />
                      <span>
                        {card.bankCode} {card.cardNumber}
                        {card.isDefault ? <span className="badge">{t('purchase.defaultCard')}</span> : null}
                      </span>
                    </label>
                  ))}
                  {recurring ? (
                    <p className={cards.length ? 'hint recurring-card' : 'notice recurring-card'} id="recurring-card">
                      {data.recurringNote}
                    </p>
                  ) : (
                    <label className="check card-option">
                      <input type="radio" name="savedCardId" value="new" defaultChecked={defaultCard === 'new'} />
                      <span>{t('purchase.otherCard')}</span>
                    </label>
                  )}
                  <Link to="/account/information/payment-method" className="chip-link add-card">
                    {t('purchase.addCard')}
                  </Link>
                </div>
              ) : null}
            </div>
          ))}
          <FieldErrors id="paymentMethod-error" errors={errors.paymentMethod} />
        </fieldset>

        <section className="purchase-section totals" aria-labelledby="totals-title">
          <h2 id="totals-title" className="section-title">
            {t('purchase.totalsTitle')}
          </h2>
          <dl className="facts">
            <Row label={t('purchase.membershipFee')} amount={plan.originalPrice} />
            {plan.membershipDiscount > 0 ? (
              <Row label={t('purchase.membershipDiscount')} amount={plan.membershipDiscount} minus />
            ) : null}
            {plan.joiningFee > 0 ? <Row label={t('purchase.joiningFee')} amount={plan.joiningFee} /> : null}
            {plan.joiningFeeDiscount > 0 ? (
              <Row label={t('purchase.joiningFeeDiscount')} amount={plan.joiningFeeDiscount} minus />
            ) : null}
            <Row label={t('purchase.total')} amount={plan.totalPaymentFirst} strong />
          </dl>
          {data.dates ? (
            <p className="planned-dates">
              <span className="label">{t('purchase.datesTitle')}</span>{' '}
              {t('purchase.datesText', { from: data.dates.start, to: endShown })}
              {bonusDays > 0 ? (
                <span className="small muted block">{t('purchase.datesWithReferral', { days: bonusDays })}</span>
              ) : null}
              {data.dates.afterCurrent ? (
                <span className="small muted block">{t('purchase.datesAfterCurrent')}</span>
              ) : null}
            </p>
          ) : null}
          {plan.nextPayment !== null ? (
            <p className="next-payment">
              <span className="label">{t('purchase.nextTitle')}</span>{' '}
              {t('purchase.nextText', { amount: formatVnd(plan.nextPayment, lang) })}
            </p>
          ) : null}
        </section>

        {actionData?.otherUnpaid ? (
          <div className="notice other-unpaid" role="alert">
            <p>{t('purchase.otherUnpaid', { plan: afterPlanWord(actionData.otherUnpaid.planName) })}</p>
            <input type="hidden" name="replaceContractId" value={actionData.otherUnpaid.contractId} />
            <Link
              to={`/membership/payment/${actionData.otherUnpaid.contractId}`}
              className="button button-secondary button-block"
            >
              {t('purchase.continueOther')}
            </Link>
            <button
              type="submit"
              name="intent"
              value="replace"
              className="button button-secondary button-block"
              disabled={busy}
            >
              {t('purchase.replaceOther')}
            </button>
          </div>
        ) : null}
        <FormErrors errors={actionData?.formErrors} />
        <button
          type="submit"
          name="intent"
          value="confirm"
          className="button button-primary button-block"
          disabled={busy}
        >
          {busy && navigation.formData?.get('intent') === 'confirm' ? t('purchase.submitting') : t('purchase.confirm')}
        </button>
      </Form>
    </main>
  );
}

export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => <MembershipError error={error} />;
