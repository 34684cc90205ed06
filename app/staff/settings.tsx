import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { Codes } from '#api/codes.ts';
import { staffEndpoints } from '#api/endpoints/staff.ts';
import { contentPageSlugSchema } from '#api/content.ts';
import { contentPageSlugs } from '#api/content-slugs.ts';
import { formatDateTime } from '#api/format.ts';
import { vietnamDay } from '#api/vietnam-time.ts';
import { useT } from '#app/i18n.ts';
import type { StringsHandle } from '#app/locales/messages.ts';
import { localizedReply, readForm } from '#app/server/form.server.ts';
import { GatewayError } from '#app/server/gateway.server.ts';
import { getLang, getT } from '#app/server/i18n.server.ts';
import { flashToast, getSession } from '#app/server/session.server.ts';
import { FormErrors, TextField } from '#app/ui/field.tsx';
import { formProps, type FormReply } from '#app/ui/form.ts';
import { pageMeta } from '#app/ui/meta.ts';
import type { Route } from './+types/settings';
import { CouponsSection } from './settings-coupons.tsx';
import {
  ContentPageForm,
  FreezeSection,
  PlansSection,
  useSettingsForm,
  type SettingsReply,
} from './settings-parts.tsx';
import {
  appVersionForm,
  contentPageForm,
  couponCampaignForm,
  flatValues,
  formFieldErrors,
  freezeOptionForm,
  idOf,
  parseIntent,
  paymentPlanForm,
  rowsAfter,
  rowWithCode,
  settingsQuery,
  withoutRow,
} from './settings.server.ts';
import { settingsHref, settingsSections, type SettingsPlace } from './settings-place.ts';
import { requireGm, staffGateway } from './staff-session.server.ts';

/** The string parts this page uses besides the frame's (ADR 030). */
export const handle: StringsHandle = { strings: ['staffSettings'] };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'staffSettings.title');

/**
 * Issue 17 "Settings (GM)": the chain's app version, content pages, freeze and plan prices and
 * coupon campaigns, one section at a time (?section=), so a phone does not scroll forever. Only
 * what the open section shows goes to the browser.
 */
export async function loader(args: Route.LoaderArgs) {
  requireGm(args.context);
  const query = settingsQuery.parse(Object.fromEntries(new URL(args.request.url).searchParams));
  const gateway = staffGateway(args);
  const [{ data: settings }, { data: me }] = await Promise.all([
    gateway(staffEndpoints.settings),
    gateway(staffEndpoints.me),
  ]);
  // Plans of a club no longer listed (closed) still show, by number.
  const clubs = [...me.clubs];
  for (const plan of settings.plans)
    if (!clubs.some((c) => c.id === plan.clubId)) clubs.push({ id: plan.clubId, nameVi: '', nameEn: '' });
  const clubId = clubs.some((c) => c.id === query.club)
    ? query.club!
    : (settings.plans[0]?.clubId ?? clubs[0]?.id ?? null);
  const { section } = query;
  return {
    query: { ...query, club: clubId ?? undefined },
    appVersion: section === 'version' ? settings.appVersion : null,
    contentPage: section === 'pages' ? (settings.contentPages.find((p) => p.slug === query.page) ?? null) : null,
    freezeOptions: section === 'freeze' ? settings.freezeOptions : [],
    clubs: section === 'plans' || section === 'coupons' ? clubs : [],
    plans: section === 'plans' ? settings.plans.filter((p) => p.clubId === clubId) : [],
    campaigns: section === 'coupons' ? settings.couponCampaigns : [],
    // A new coupon starts today in Vietnam.
    today: vietnamDay(Date.now()),
  };
}

type Submission = {
  payload: Record<string, unknown>;
  reply: (options?: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }) => FormReply;
};

/** Every form's answer: which form, its reply (typed values under the fields' names), how many rows it shows, and when. */
export async function action(args: Route.ActionArgs) {
  requireGm(args.context);
  const lang = getLang(args.context);
  const t = getT(args.context);
  const form = await readForm(args.request);
  const intent = parseIntent(form.get('intent'));
  if (!intent) throw data(null, { status: 400 });
  const gateway = staffGateway(args);
  const at = Date.now();

  const answer = (formId: string, reply: FormReply, payload: Record<string, unknown>, rows = 0): SettingsReply => ({
    formId,
    reply: { ...localizedReply(reply, lang), initialValue: flatValues(payload) },
    rows,
    at,
  });
  /** A refusal by the gateway: its field errors under the form's names, else its text above the form. */
  const refusedBy = (error: unknown, submission: Submission) => {
    if (!(error instanceof GatewayError)) throw error;
    const fieldErrors = error.fieldErrors ? formFieldErrors(error.fieldErrors) : undefined;
    return submission.reply(fieldErrors ? { fieldErrors } : { formErrors: [error.text] });
  };
  const saved = (text: string, place: Partial<SettingsPlace>) => {
    flashToast(getSession(args.context), { kind: 'success', text });
    return redirect(settingsHref(place));
  };

  switch (intent.kind) {
    case 'app-version': {
      const submission = parseWithZod(form, { schema: appVersionForm });
      if (submission.status !== 'success') return answer('app-version', submission.reply(), submission.payload);
      try {
        await gateway(staffEndpoints.appVersion, {
          json: submission.value,
        });
      } catch (error) {
        return answer('app-version', refusedBy(error, submission), submission.payload);
      }
      throw saved(t('staffSettings.version.saved'), { section: 'version' });
    }

    case 'content-page':
    case 'add-section':
    case 'remove-section': {
      const slug = contentPageSlugSchema.safeParse(form.get('slug'));
      if (!slug.success) throw data(null, { status: 400 });
      const formId = `page-${slug.data}`;
      const submission = parseWithZod(form, { schema: contentPageForm });
      // A section more or less: the form comes back with what was typed, nothing saved yet.
      if (intent.kind === 'add-section')
        return answer(formId, {}, submission.payload, rowsAfter(submission.payload, 'sections', 1));
      if (intent.kind === 'remove-section') {
        const payload = withoutRow(submission.payload, 'sections', intent.index);
        return answer(formId, {}, payload, rowsAfter(payload, 'sections', 0));
      }
      const rows = rowsAfter(submission.payload, 'sections', 0);
      if (submission.status !== 'success') return answer(formId, submission.reply(), submission.payload, rows);
      let title: string;
      try {
        const { data: page } = await gateway(staffEndpoints.contentPage, {
          params: { slug: slug.data },
          json: submission.value,
        });
        title = lang === 'en' ? page.titleEn : page.titleVi;
      } catch (error) {
        return answer(formId, refusedBy(error, submission), submission.payload, rows);
      }
      throw saved(t('staffSettings.pages.saved', { name: title }), { section: 'pages', page: slug.data });
    }

    case 'freeze-option': {
      const days = idOf(form.get('days'));
      if (days === null) throw data(null, { status: 400 });
      const submission = parseWithZod(form, { schema: freezeOptionForm });
      const formId = `freeze-${String(days)}`;
      if (submission.status !== 'success') return answer(formId, submission.reply(), submission.payload);
      try {
        await gateway(staffEndpoints.freezeOption, {
          params: { days },
          json: submission.value,
        });
      } catch (error) {
        return answer(formId, refusedBy(error, submission), submission.payload);
      }
      throw saved(t('staffSettings.freeze.saved', { days }), { section: 'freeze' });
    }

    case 'payment-plan': {
      const id = idOf(form.get('id'));
      if (id === null) throw data(null, { status: 400 });
      const submission = parseWithZod(form, { schema: paymentPlanForm });
      const formId = `plan-${String(id)}`;
      if (submission.status !== 'success') return answer(formId, submission.reply(), submission.payload);
      let plan;
      try {
        ({ data: plan } = await gateway(staffEndpoints.paymentPlan, {
          params: { id },
          json: submission.value,
        }));
      } catch (error) {
        return answer(formId, refusedBy(error, submission), submission.payload);
      }
      throw saved(t('staffSettings.plans.saved', { name: lang === 'en' ? plan.nameEn : plan.nameVi }), {
        section: 'plans',
        club: plan.clubId,
      });
    }

    case 'campaign':
    case 'add-coupon':
    case 'remove-coupon': {
      const submission = parseWithZod(form, { schema: couponCampaignForm });
      if (intent.kind === 'add-coupon')
        return answer('campaign', {}, submission.payload, rowsAfter(submission.payload, 'coupons', 1));
      if (intent.kind === 'remove-coupon') {
        const payload = withoutRow(submission.payload, 'coupons', intent.index);
        return answer('campaign', {}, payload, rowsAfter(payload, 'coupons', 0));
      }
      const rows = rowsAfter(submission.payload, 'coupons', 0);
      if (submission.status !== 'success') {
        const reply = submission.reply();
        // The one rule of the whole list: a code typed twice.
        if (reply.error?.coupons) reply.error.coupons = [t('staffSettings.coupons.codesTwice')];
        return answer('campaign', reply, submission.payload, rows);
      }
      let name: string;
      try {
        const { data: created } = await gateway(staffEndpoints.createCoupons, {
          json: submission.value,
        });
        name = lang === 'en' ? created.nameEn : created.nameVi;
      } catch (error) {
        // 409: a code some campaign already has, shown on its row (the member's text would say "invalid").
        if (error instanceof GatewayError && error.code === Codes.PROMO_CODE_INVALID) {
          const code = (error.data as { code?: unknown } | undefined)?.code;
          const row = rowWithCode(submission.payload, code);
          const text = t('staffSettings.coupons.codeTaken', { code: typeof code === 'string' ? code : '' });
          const reply = submission.reply(
            row >= 0 ? { fieldErrors: { [`coupons[${String(row)}].code`]: [text] } } : { formErrors: [text] },
          );
          return answer('campaign', reply, submission.payload, rows);
        }
        return answer('campaign', refusedBy(error, submission), submission.payload, rows);
      }
      throw saved(t('staffSettings.coupons.created', { name }), { section: 'coupons' });
    }

    case 'end-campaign': {
      const id = idOf(form.get('id'));
      if (id === null) throw data(null, { status: 400 });
      let name: string;
      try {
        const { data: ended } = await gateway(staffEndpoints.endCoupons, { params: { id } });
        name = lang === 'en' ? ended.nameEn : ended.nameVi;
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        return answer(`end-${String(id)}`, { status: 'error', error: { '': [error.text] } }, {});
      }
      throw saved(t('staffSettings.coupons.endedToast', { name }), { section: 'coupons' });
    }
  }
}

function AppVersionSection({
  appVersion,
  actionData,
}: {
  appVersion: Route.ComponentProps['loaderData']['appVersion'];
  actionData: SettingsReply | undefined;
}) {
  const { t } = useT();
  const busy = useNavigation().state === 'submitting';
  const { form, fields, key } = useSettingsForm(
    'app-version',
    ['valueVi', 'valueEn'],
    actionData,
    { valueVi: appVersion?.valueVi ?? '', valueEn: appVersion?.valueEn ?? '' },
    appVersion?.updatedAt ?? '',
  );
  return (
    <section className="staff-item settings-block" aria-labelledby="settings-version-title">
      <h2 id="settings-version-title">{t('staffSettings.sections.version')}</h2>
      {appVersion ? (
        <p className="muted">
          {t('staffSettings.version.current', { vi: appVersion.valueVi, en: appVersion.valueEn })} ·{' '}
          {t('staffSettings.version.updatedAt', { at: formatDateTime(appVersion.updatedAt) })}
        </p>
      ) : (
        <p className="muted">{t('staffSettings.version.none')}</p>
      )}
      <Form key={key} method="post" {...formProps(form)} className="staff-cash-form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="settings-pair">
          <TextField
            field={fields.valueVi}
            label={t('staffSettings.version.valueVi')}
            inputMode="decimal"
            autoComplete="off"
          />
          <TextField
            field={fields.valueEn}
            label={t('staffSettings.version.valueEn')}
            inputMode="decimal"
            autoComplete="off"
          />
        </div>
        <p className="hint">{t('staffSettings.version.hint')}</p>
        <button type="submit" name="intent" value="app-version" className="button button-primary" disabled={busy}>
          {t('staffSettings.save')}
        </button>
      </Form>
    </section>
  );
}

function ContentPagesSection({
  slug,
  page,
  actionData,
}: {
  slug: SettingsPlace['page'];
  page: Route.ComponentProps['loaderData']['contentPage'];
  actionData: SettingsReply | undefined;
}) {
  const { t } = useT();
  return (
    <section aria-labelledby="settings-pages-title">
      <h2 id="settings-pages-title" className="visually-hidden">
        {t('staffSettings.sections.pages')}
      </h2>
      <nav className="settings-chips" aria-label={t('staffSettings.pages.choose')}>
        {contentPageSlugs.map((s) => (
          <Link
            key={s}
            to={settingsHref({ section: 'pages', page: s })}
            className={`staff-tab${s === slug ? ' active' : ''}`}
            aria-current={s === slug ? 'page' : undefined}
          >
            {t(`staffSettings.pages.slugs.${s}`)}
          </Link>
        ))}
      </nav>
      <ContentPageForm
        key={slug}
        slug={slug}
        page={page}
        actionData={actionData?.formId === `page-${slug}` ? actionData : undefined}
      />
    </section>
  );
}

export default function StaffSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const { query } = loaderData;
  return (
    <main className="page settings-page">
      <h1>{t('staffSettings.title')}</h1>
      <p className="lead">{t('staffSettings.lead')}</p>
      <nav className="staff-nav settings-nav" aria-label={t('staffSettings.sectionsLabel')}>
        {settingsSections.map((section) => (
          <Link
            key={section}
            to={settingsHref({ section })}
            className={`staff-tab${section === query.section ? ' active' : ''}`}
            aria-current={section === query.section ? 'page' : undefined}
          >
            {t(`staffSettings.sections.${section}`)}
          </Link>
        ))}
      </nav>
      {query.section === 'version' ? (
        <AppVersionSection appVersion={loaderData.appVersion} actionData={actionData} />
      ) : null}
      {query.section === 'pages' ? (
        <ContentPagesSection slug={query.page} page={loaderData.contentPage} actionData={actionData} />
      ) : null}
      {query.section === 'freeze' ? <FreezeSection options={loaderData.freezeOptions} actionData={actionData} /> : null}
      {query.section === 'plans' ? (
        <PlansSection
          clubs={loaderData.clubs}
          clubId={query.club ?? null}
          plans={loaderData.plans}
          actionData={actionData}
        />
      ) : null}
      {query.section === 'coupons' ? (
        <CouponsSection
          campaigns={loaderData.campaigns}
          clubs={loaderData.clubs}
          ending={query.end ?? null}
          today={loaderData.today}
          actionData={actionData}
        />
      ) : null}
    </main>
  );
}
