import { Form, useNavigation } from 'react-router';
import type { ContentPage } from '#api/content.ts';
import { formatDateTime, formatVnd } from '#api/format.ts';
import { MAX_SECTIONS } from '#api/staff-settings-limits.ts';
import type { FreezeOptionSetting, PlanSetting } from '#api/staff-settings.ts';
import { useT } from '#app/i18n.ts';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { FieldErrors, FormErrors, TextField } from '#app/ui/field.tsx';
import { formProps, useServerForm, type FieldMeta, type FormReply } from '#app/ui/form.ts';

// The settings page's forms (issue 17, ADR 052): each posts with an `intent`, and comes back from
// a refusal with what was typed and each field's message; a save goes back to its section.

/** An action's answer to one of the page's forms: which one, conform's reply, its rows and when it was sent. */
export type SettingsReply = { formId: string; reply: FormReply; rows: number; at: number };

/**
 * A form's fields from the action's answer when it is this form's, else from what is saved. The
 * key changes with each answer and each saved state, so inputs start again from the right values
 * (a row removed, a price saved) instead of keeping the browser's.
 */
export function useSettingsForm<Name extends string>(
  formId: string,
  names: readonly Name[],
  actionData: SettingsReply | undefined,
  defaultValue: Partial<Record<Name, string>>,
  savedKey: string,
) {
  const mine = actionData?.formId === formId ? actionData : undefined;
  const [form, fields] = useServerForm({ id: formId, fields: names, lastResult: mine?.reply ?? null, defaultValue });
  // An answer without a status is a row added or removed: shown, not saved.
  return {
    form,
    fields,
    mine,
    unsaved: Boolean(mine && !mine.reply.status),
    key: mine ? `sent-${String(mine.at)}` : `saved-${savedKey}`,
  };
}

/** An amount as the desk types it, grouped like the page prints money: "5.490.000" (vi), "5,490,000" (en). */
export const typedVnd = (amount: number, lang: 'vi' | 'en') => formatVnd(amount, lang).replace('\u00a0₫', '');

export function CheckField({ field, label }: { field: FieldMeta; label: string }) {
  return (
    <label className="check">
      <input id={field.id} name={field.name} type="checkbox" value="on" defaultChecked={field.initialValue === 'on'} />
      <span>{label}</span>
    </label>
  );
}

/**
 * Enter in a text box presses a form's first submit button: with "remove" buttons in the rows, the
 * first one is this unseen Save, so Enter saves rather than removes a row.
 */
export function EnterSaves({ intent, label }: { intent: string; label: string }) {
  return (
    <button type="submit" name="intent" value={intent} className="visually-hidden" tabIndex={-1} aria-hidden="true">
      {label}
    </button>
  );
}

const sectionFields = ['headingVi', 'headingEn', 'bodyVi', 'bodyEn'] as const;

/** One content page: its titles and sections in both languages; sections added or removed on the server, saved together. */
export function ContentPageForm({
  slug,
  page,
  actionData,
}: {
  slug: string;
  page: ContentPage | null;
  actionData: SettingsReply | undefined;
}) {
  const { t } = useT();
  const busy = useNavigation().state === 'submitting';
  const rows = actionData?.rows ?? Math.max(1, page?.sections.length ?? 0);
  const rowNames = Array.from({ length: rows }, (_, i) =>
    sectionFields.map((f) => `sections[${String(i)}].${f}` as const),
  ).flat();
  const defaults: Record<string, string> = { titleVi: page?.titleVi ?? '', titleEn: page?.titleEn ?? '' };
  page?.sections.forEach((section, i) => {
    for (const f of sectionFields) defaults[`sections[${String(i)}].${f}`] = section[f];
  });
  const { form, fields, unsaved, key } = useSettingsForm(
    `page-${slug}`,
    ['titleVi', 'titleEn', 'sections', ...rowNames],
    actionData,
    defaults,
    page?.updatedAt ?? '',
  );
  const field = (i: number, f: (typeof sectionFields)[number]) => fields[`sections[${String(i)}].${f}`];
  return (
    <Form key={key} method="post" {...formProps(form)} className="settings-form">
      <EnterSaves intent="content-page" label={t('staffSettings.save')} />
      <input type="hidden" name="slug" value={slug} />
      {page ? (
        <p className="muted">{t('staffSettings.pages.updatedAt', { at: formatDateTime(page.updatedAt) })}</p>
      ) : null}
      {unsaved ? <p className="notice settings-unsaved">{t('staffSettings.unsaved')}</p> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="settings-pair">
        <TextField field={fields.titleVi} label={t('staffSettings.pages.titleVi')} autoComplete="off" />
        <TextField field={fields.titleEn} label={t('staffSettings.pages.titleEn')} autoComplete="off" />
      </div>
      {Array.from({ length: rows }, (_, i) => (
        <fieldset key={i} className="staff-item settings-row">
          <legend className="staff-item-name">{t('staffSettings.pages.section', { n: i + 1 })}</legend>
          <div className="settings-pair">
            <TextField field={field(i, 'headingVi')} label={t('staffSettings.pages.headingVi')} autoComplete="off" />
            <TextField field={field(i, 'headingEn')} label={t('staffSettings.pages.headingEn')} autoComplete="off" />
            <TextField field={field(i, 'bodyVi')} label={t('staffSettings.pages.bodyVi')} rows={5} />
            <TextField field={field(i, 'bodyEn')} label={t('staffSettings.pages.bodyEn')} rows={5} />
          </div>
          {rows > 1 ? (
            <button
              type="submit"
              name="intent"
              value={`remove-section:${String(i)}`}
              className="button button-secondary settings-remove"
              disabled={busy}
            >
              {t('staffSettings.pages.removeSection', { n: i + 1 })}
            </button>
          ) : null}
        </fieldset>
      ))}
      <FieldErrors id={fields.sections.errorId} errors={fields.sections.errors} />
      <div className="staff-actions">
        <button
          type="submit"
          name="intent"
          value="add-section"
          className="button button-secondary"
          disabled={busy || rows >= MAX_SECTIONS}
        >
          {t('staffSettings.pages.addSection')}
        </button>
        <button type="submit" name="intent" value="content-page" className="button button-primary" disabled={busy}>
          {t('staffSettings.save')}
        </button>
      </div>
    </Form>
  );
}

function FreezeItem({ option, actionData }: { option: FreezeOptionSetting; actionData: SettingsReply | undefined }) {
  const { t, lang } = useT();
  const busy = useNavigation().state === 'submitting';
  const { form, fields, key } = useSettingsForm(
    `freeze-${String(option.days)}`,
    ['price', 'isActive'],
    actionData,
    { price: typedVnd(option.price, lang), isActive: option.isActive ? 'on' : '' },
    `${String(option.price)}-${String(option.isActive)}-${lang}`,
  );
  return (
    <li className="staff-item">
      <div className="staff-item-head">
        <p className="staff-item-name">{t('staffSettings.freeze.days', { days: option.days })}</p>
        {option.isActive ? null : <p className="badge">{t('staffSettings.off')}</p>}
      </div>
      <p className="staff-amount">{formatVnd(option.price, lang)}</p>
      <Form key={key} method="post" {...formProps(form)} className="staff-cash-form">
        <input type="hidden" name="days" value={option.days} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField
          field={fields.price}
          label={t('staffSettings.freeze.price')}
          inputMode="numeric"
          autoComplete="off"
        />
        <CheckField field={fields.isActive} label={t('staffSettings.freeze.active')} />
        <button type="submit" name="intent" value="freeze-option" className="button button-primary" disabled={busy}>
          {t('staffSettings.save')}
        </button>
      </Form>
    </li>
  );
}

export function FreezeSection({
  options,
  actionData,
}: {
  options: FreezeOptionSetting[];
  actionData: SettingsReply | undefined;
}) {
  const { t } = useT();
  return (
    <section aria-labelledby="settings-freeze-title">
      <h2 id="settings-freeze-title">{t('staffSettings.sections.freeze')}</h2>
      <p className="muted">{t('staffSettings.freeze.lead')}</p>
      <ul className="staff-list">
        {options.map((option) => (
          <FreezeItem key={option.days} option={option} actionData={actionData} />
        ))}
      </ul>
    </section>
  );
}

const planFields = ['originalPrice', 'planDiscount', 'joiningFee', 'joiningFeeDiscount'] as const;

function PlanItem({ plan, actionData }: { plan: PlanSetting; actionData: SettingsReply | undefined }) {
  const { t, lang } = useT();
  const busy = useNavigation().state === 'submitting';
  const defaults = Object.fromEntries(planFields.map((f) => [f, typedVnd(plan[f], lang)]));
  const { form, fields, key } = useSettingsForm(
    `plan-${String(plan.id)}`,
    [...planFields, 'isActive'],
    actionData,
    { ...defaults, isActive: plan.isActive ? 'on' : '' },
    `${planFields.map((f) => String(plan[f])).join('-')}-${String(plan.isActive)}-${lang}`,
  );
  return (
    <li className="staff-item">
      <div className="staff-item-head">
        <p className="staff-item-name">{lang === 'en' ? plan.nameEn : plan.nameVi}</p>
        {plan.isActive ? null : <p className="badge">{t('staffSettings.off')}</p>}
      </div>
      <p className="muted">
        {t('staffSettings.plans.pays', {
          price: formatVnd(plan.originalPrice - plan.planDiscount, lang),
          fee: formatVnd(plan.joiningFee - plan.joiningFeeDiscount, lang),
        })}
      </p>
      <Form key={key} method="post" {...formProps(form)} className="staff-cash-form">
        <input type="hidden" name="id" value={plan.id} />
        <FormErrors id={form.errorId} errors={form.errors} />
        {planFields.map((f) => (
          <TextField
            key={f}
            field={fields[f]}
            label={t(`staffSettings.plans.${f}`)}
            inputMode="numeric"
            autoComplete="off"
          />
        ))}
        <CheckField field={fields.isActive} label={t('staffSettings.plans.active')} />
        <button type="submit" name="intent" value="payment-plan" className="button button-primary" disabled={busy}>
          {t('staffSettings.save')}
        </button>
      </Form>
    </li>
  );
}

type Club = { id: number; nameVi: string; nameEn: string };

/** A club's name in the page's language; a club no longer listed, by number. */
export function useClubName() {
  const { t, lang } = useT();
  return (club: Club | undefined, id: number) =>
    (club && (lang === 'en' ? club.nameEn : club.nameVi)) || t('staffSettings.plans.clubFallback', { id });
}

export function PlansSection({
  clubs,
  clubId,
  plans,
  actionData,
}: {
  clubs: Club[];
  clubId: number | null;
  plans: PlanSetting[];
  actionData: SettingsReply | undefined;
}) {
  const { t } = useT();
  const clubName = useClubName();
  return (
    <section aria-labelledby="settings-plans-title">
      <h2 id="settings-plans-title">{t('staffSettings.sections.plans')}</h2>
      <p className="muted">{t('staffSettings.plans.lead')}</p>
      <Form method="get" className="staff-filters">
        <input type="hidden" name="section" value="plans" />
        <div className="field">
          <label htmlFor="settings-club">{t('staffSettings.plans.club')}</label>
          <select id="settings-club" name="club" defaultValue={clubId ?? undefined} key={clubId} className="input">
            {clubs.map((club) => (
              <option key={club.id} value={club.id}>
                {clubName(club, club.id)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button-secondary">
          {t('staffSettings.plans.show')}
        </button>
      </Form>
      {plans.length === 0 ? (
        <EmptyState
          icon="membership"
          title={t('staffSettings.plans.emptyTitle')}
          text={t('staffSettings.plans.emptyText')}
        />
      ) : (
        <ul className="staff-list">
          {plans.map((plan) => (
            <PlanItem key={plan.id} plan={plan} actionData={actionData} />
          ))}
        </ul>
      )}
    </section>
  );
}
