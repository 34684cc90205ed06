import { Form, Link, useNavigation } from 'react-router';
import { formatDate, formatVnd } from '#api/format.ts';
import { couponTargets, MAX_CAMPAIGN_COUPONS } from '#api/staff-settings-limits.ts';
import type { CouponCampaignSetting, CouponSetting } from '#api/staff-settings.ts';
import { useT } from '#app/i18n.ts';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { FieldErrors, FormErrors, TextField } from '#app/ui/field.tsx';
import { formProps } from '#app/ui/form.ts';
import { campaignState, couponExpired } from './coupon-state.ts';
import { CheckField, EnterSaves, useClubName, useSettingsForm, type SettingsReply } from './settings-parts.tsx';
import { settingsHref } from './settings-place.ts';

// The coupons section of the GM's settings (issue 17, ADR 052): the campaigns with their coupons,
// uses and state; ending one asks first (a page of its own state, ?end=, so it works without
// JavaScript); a new campaign with one coupon row and a button for another.

type Club = { id: number; nameVi: string; nameEn: string };

function CouponLine({ coupon, clubs, today }: { coupon: CouponSetting; clubs: Club[]; today: string }) {
  const { t, lang } = useT();
  const clubName = useClubName();
  const discount =
    coupon.percentOff !== null
      ? coupon.maxDiscount !== null
        ? t('staffSettings.coupons.percentCap', {
            percent: coupon.percentOff,
            cap: formatVnd(coupon.maxDiscount, lang),
          })
        : t('staffSettings.coupons.percent', { percent: coupon.percentOff })
      : t('staffSettings.coupons.amount', { amount: formatVnd(coupon.amountOff ?? 0, lang) });
  const validity = coupon.validTo
    ? t('staffSettings.coupons.validBetween', { from: formatDate(coupon.validFrom), to: formatDate(coupon.validTo) })
    : t('staffSettings.coupons.validFrom', { from: formatDate(coupon.validFrom) });
  const uses =
    coupon.usageLimit === null
      ? t('staffSettings.coupons.uses', { uses: coupon.uses })
      : t('staffSettings.coupons.usesOf', { uses: coupon.uses, limit: coupon.usageLimit });
  const where = coupon.clubIds
    ? coupon.clubIds
        .map((id) =>
          clubName(
            clubs.find((c) => c.id === id),
            id,
          ),
        )
        .join(', ')
    : t('staffSettings.coupons.allClubs');
  return (
    <li className="settings-coupon">
      <p>
        <strong className="mono">{coupon.code}</strong> · {discount}
        {coupon.isActive ? null : <span className="badge settings-badge">{t('staffSettings.coupons.couponOff')}</span>}
        {couponExpired(coupon, today) ? (
          <span className="badge settings-badge">{t('staffSettings.coupons.expired')}</span>
        ) : null}
      </p>
      <p className="muted">
        {t(`staffSettings.coupons.appliesTo.${coupon.appliesTo}`)} · {validity} · {uses}
        {coupon.newCustomerOnly ? ` · ${t('staffSettings.coupons.newOnly')}` : ''} · {where}
      </p>
    </li>
  );
}

function EndCampaign({
  campaign,
  actionData,
}: {
  campaign: CouponCampaignSetting;
  actionData: SettingsReply | undefined;
}) {
  const { t, lang } = useT();
  const busy = useNavigation().state === 'submitting';
  const formId = `end-${String(campaign.id)}`;
  const errors = actionData?.formId === formId ? (actionData.reply.error?.[''] ?? undefined) : undefined;
  return (
    <Form method="post" id={formId} className="notice settings-confirm">
      <p>{t('staffSettings.coupons.endAsk', { name: lang === 'en' ? campaign.nameEn : campaign.nameVi })}</p>
      <FormErrors errors={errors} />
      <input type="hidden" name="id" value={campaign.id} />
      <div className="staff-actions">
        <button type="submit" name="intent" value="end-campaign" className="button button-primary" disabled={busy}>
          {t('staffSettings.coupons.endConfirm')}
        </button>
        <Link to={settingsHref({ section: 'coupons' })} className="button button-secondary">
          {t('staffSettings.coupons.endCancel')}
        </Link>
      </div>
    </Form>
  );
}

export function CampaignItem({
  campaign,
  clubs,
  ending,
  today,
  actionData,
}: {
  campaign: CouponCampaignSetting;
  clubs: Club[];
  ending: boolean;
  today: string;
  actionData: SettingsReply | undefined;
}) {
  const { t, lang } = useT();
  const state = campaignState(campaign, today);
  return (
    <li id={`campaign-${String(campaign.id)}`} className="staff-item settings-campaign">
      <div className="staff-item-head">
        <p className="staff-item-name">{lang === 'en' ? campaign.nameEn : campaign.nameVi}</p>
        <p className={`badge${state === 'running' ? ' settings-badge-on' : ''}`}>
          {t(`staffSettings.coupons.${state}`)}
        </p>
      </div>
      <p className="staff-comment">{lang === 'en' ? campaign.descriptionEn : campaign.descriptionVi}</p>
      <ul className="settings-coupons">
        {campaign.coupons.map((coupon) => (
          <CouponLine key={coupon.id} coupon={coupon} clubs={clubs} today={today} />
        ))}
      </ul>
      {/* Issue 38 §21: an expired campaign (nothing in it can be typed any more) has nothing left to end. */}
      {state !== 'running' ? null : ending ? (
        <EndCampaign campaign={campaign} actionData={actionData} />
      ) : (
        <Link
          to={`${settingsHref({ section: 'coupons', end: campaign.id })}#campaign-${String(campaign.id)}`}
          className="button button-secondary settings-end"
        >
          {t('staffSettings.coupons.end')}
        </Link>
      )}
    </li>
  );
}

const couponFields = [
  'code',
  'percentOff',
  'amountOff',
  'maxDiscount',
  'appliesTo',
  'validFrom',
  'validTo',
  'usageLimit',
  'newCustomerOnly',
  'clubIds',
] as const;

function CampaignForm({
  clubs,
  today,
  actionData,
}: {
  clubs: Club[];
  today: string;
  actionData: SettingsReply | undefined;
}) {
  const { t } = useT();
  const busy = useNavigation().state === 'submitting';
  const clubName = useClubName();
  const rows = actionData?.rows ?? 1;
  const rowNames = Array.from({ length: rows }, (_, i) =>
    couponFields.map((f) => `coupons[${String(i)}].${f}` as const),
  ).flat();
  const defaults: Record<string, string> = {};
  for (let i = 0; i < rows; i++) {
    defaults[`coupons[${String(i)}].appliesTo`] = 'membership';
    defaults[`coupons[${String(i)}].validFrom`] = today;
  }
  const { form, fields, unsaved, key, mine } = useSettingsForm(
    'campaign',
    ['nameVi', 'nameEn', 'descriptionVi', 'descriptionEn', 'coupons', ...rowNames],
    actionData,
    defaults,
    '',
  );
  // A row just added was not sent: it starts like the first row did (today, on the plan price).
  const sent = Object.keys(mine?.reply.initialValue ?? {});
  const field = (i: number, f: (typeof couponFields)[number]) => {
    const meta = fields[`coupons[${String(i)}].${f}`];
    const added = mine && !sent.some((name) => name.startsWith(`coupons[${String(i)}].`));
    return added ? { ...meta, initialValue: defaults[meta.name] } : meta;
  };
  const ticked = (i: number) => {
    const sent = mine?.reply.initialValue?.[`coupons[${String(i)}].clubIds`];
    return Array.isArray(sent) ? (sent as string[]) : typeof sent === 'string' ? [sent] : [];
  };
  return (
    <section id="new-campaign" className="settings-new" aria-labelledby="settings-new-campaign">
      <h2 id="settings-new-campaign">{t('staffSettings.coupons.newTitle')}</h2>
      <Form key={key} method="post" {...formProps(form)} className="settings-form">
        <EnterSaves intent="campaign" label={t('staffSettings.coupons.create')} />
        {unsaved ? <p className="notice settings-unsaved">{t('staffSettings.coupons.unsaved')}</p> : null}
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="settings-pair">
          <TextField field={fields.nameVi} label={t('staffSettings.coupons.nameVi')} autoComplete="off" />
          <TextField field={fields.nameEn} label={t('staffSettings.coupons.nameEn')} autoComplete="off" />
          <TextField field={fields.descriptionVi} label={t('staffSettings.coupons.descriptionVi')} rows={5} />
          <TextField field={fields.descriptionEn} label={t('staffSettings.coupons.descriptionEn')} rows={5} />
        </div>
        {Array.from({ length: rows }, (_, i) => {
          const clubIds = field(i, 'clubIds');
          const chosen = ticked(i);
          return (
            <fieldset key={i} className="staff-item settings-row">
              <legend className="staff-item-name">{t('staffSettings.coupons.coupon', { n: i + 1 })}</legend>
              <div className="settings-grid">
                <TextField
                  field={field(i, 'code')}
                  label={t('staffSettings.coupons.code')}
                  hint={t('staffSettings.coupons.codeHint')}
                  autoComplete="off"
                />
                <TextField
                  field={field(i, 'percentOff')}
                  label={t('staffSettings.coupons.percentOff')}
                  inputMode="numeric"
                  autoComplete="off"
                />
                <TextField
                  field={field(i, 'amountOff')}
                  label={t('staffSettings.coupons.amountOff')}
                  hint={t('staffSettings.coupons.discountHint')}
                  inputMode="numeric"
                  autoComplete="off"
                />
                <TextField
                  field={field(i, 'maxDiscount')}
                  label={t('staffSettings.coupons.maxDiscount')}
                  inputMode="numeric"
                  autoComplete="off"
                />
                <div className="field">
                  <label htmlFor={field(i, 'appliesTo').id}>{t('staffSettings.coupons.appliesToLabel')}</label>
                  <select
                    id={field(i, 'appliesTo').id}
                    name={field(i, 'appliesTo').name}
                    defaultValue={field(i, 'appliesTo').initialValue}
                    className="input"
                  >
                    {couponTargets.map((target) => (
                      <option key={target} value={target}>
                        {t(`staffSettings.coupons.appliesTo.${target}`)}
                      </option>
                    ))}
                  </select>
                  <FieldErrors id={field(i, 'appliesTo').errorId} errors={field(i, 'appliesTo').errors} />
                </div>
                <TextField
                  field={field(i, 'validFrom')}
                  label={t('staffSettings.coupons.validFromLabel')}
                  type="date"
                  autoComplete="off"
                />
                <TextField
                  field={field(i, 'validTo')}
                  label={t('staffSettings.coupons.validToLabel')}
                  type="date"
                  autoComplete="off"
                />
                <TextField
                  field={field(i, 'usageLimit')}
                  label={t('staffSettings.coupons.usageLimit')}
                  inputMode="numeric"
                  autoComplete="off"
                />
              </div>
              <CheckField field={field(i, 'newCustomerOnly')} label={t('staffSettings.coupons.newCustomerOnly')} />
              <details className="settings-clubs" open={chosen.length > 0 || Boolean(clubIds.errors)}>
                <summary>{t('staffSettings.coupons.clubs')}</summary>
                <p className="hint">{t('staffSettings.coupons.clubsHint')}</p>
                <div className="settings-grid">
                  {clubs.map((club) => (
                    <label key={club.id} className="check">
                      <input
                        type="checkbox"
                        name={clubIds.name}
                        value={club.id}
                        defaultChecked={chosen.includes(String(club.id))}
                      />
                      <span>{clubName(club, club.id)}</span>
                    </label>
                  ))}
                </div>
                <FieldErrors id={clubIds.errorId} errors={clubIds.errors} />
              </details>
              {rows > 1 ? (
                <button
                  type="submit"
                  name="intent"
                  value={`remove-coupon:${String(i)}`}
                  className="button button-secondary settings-remove"
                  disabled={busy}
                >
                  {t('staffSettings.coupons.removeCoupon', { n: i + 1 })}
                </button>
              ) : null}
            </fieldset>
          );
        })}
        <FieldErrors id={fields.coupons.errorId} errors={fields.coupons.errors} />
        <div className="staff-actions">
          <button
            type="submit"
            name="intent"
            value="add-coupon"
            className="button button-secondary"
            disabled={busy || rows >= MAX_CAMPAIGN_COUPONS}
          >
            {t('staffSettings.coupons.addCoupon')}
          </button>
          <button type="submit" name="intent" value="campaign" className="button button-primary" disabled={busy}>
            {t('staffSettings.coupons.create')}
          </button>
        </div>
      </Form>
    </section>
  );
}

export function CouponsSection({
  campaigns,
  clubs,
  ending,
  today,
  actionData,
}: {
  campaigns: CouponCampaignSetting[];
  clubs: Club[];
  ending: number | null;
  today: string;
  actionData: SettingsReply | undefined;
}) {
  const { t } = useT();
  return (
    <section aria-labelledby="settings-coupons-title">
      <h2 id="settings-coupons-title">{t('staffSettings.sections.coupons')}</h2>
      <p className="muted">
        {t('staffSettings.coupons.lead')} <a href="#new-campaign">{t('staffSettings.coupons.newLink')}</a>
      </p>
      {campaigns.length === 0 ? (
        <EmptyState
          icon="gift"
          title={t('staffSettings.coupons.emptyTitle')}
          text={t('staffSettings.coupons.emptyText')}
        />
      ) : (
        <ul className="settings-campaigns">
          {campaigns.map((campaign) => (
            <CampaignItem
              key={campaign.id}
              campaign={campaign}
              clubs={clubs}
              ending={ending === campaign.id}
              today={today}
              actionData={actionData}
            />
          ))}
        </ul>
      )}
      <CampaignForm
        clubs={clubs}
        today={today}
        actionData={actionData?.formId === 'campaign' ? actionData : undefined}
      />
    </section>
  );
}
