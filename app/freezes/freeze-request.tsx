import { Form, Link, data, useNavigation, useSubmit } from 'react-router';
import { tryLoad } from '#app/account/account.server.ts';
import { useT } from '#app/i18n.ts';
import { MethodChoices } from '#app/payments/method-choices.tsx';
import { loadCards } from '#app/payments/payment.server.ts';
import { getLang } from '#app/server/i18n.server.ts';
import { freezeRequestRead } from './freeze.read.server.ts';
import type { ShellHandle } from '#app/shell/handle.ts';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { LoadFailed } from '#app/ui/load-failed.tsx';
import { pageMeta } from '#app/ui/meta.ts';
import { freezeAction, freezeQuery, freezeScreenView, type FreezeScreenView } from './freeze.server.ts';
import type { Route } from './+types/freeze-request';

// Issue 12 §1 (ADR 036): choose how long and from when, see exactly what it does (first and last
// frozen day, the new end date, the price) BEFORE anything is created, then pay. The choice lives in
// the URL: the preview is a plain GET form (it works without JavaScript; with it, it follows each change).

export const handle: ShellHandle = {
  strings: ['contracts', 'freeze'],
  back: { to: '/home/your-plan', label: 'nav.yourPlan' },
};

/** Its one gateway read, the member shell with it (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [freezeRequestRead.declare];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'freeze.title');

export async function loader(args: Route.LoaderArgs) {
  const query = freezeQuery(new URL(args.request.url));
  const lang = getLang(args.context);
  const screen = await tryLoad(async () => {
    const freezeRequestScreen = await freezeRequestRead.screen(args);
    return freezeScreenView(freezeRequestScreen, lang);
  });
  // Asked without a membership (from a link, not from one of theirs) and none is running: say so.
  if (!screen.ok && screen.missing && query.contractId !== 'current') throw data(null, { status: 404 });
  const cards = screen.ok && screen.value.preview ? await loadCards(args) : [];
  return { screen, query, cards };
}

export const action = (args: Route.ActionArgs) => freezeAction(args);

function Choice({ view, days, start }: { view: FreezeScreenView; days: string; start: string }) {
  const { t } = useT();
  const submit = useSubmit();
  return (
    <Form
      method="get"
      // "Preview" lands on the preview, below the choice (issue 38 §8): the hash scrolls it into view, with or without JavaScript.
      action="/membership/freeze/payment#freeze-preview"
      className="stack freeze-choice"
      // With JavaScript the preview follows each change; without, the button asks for it.
      onChange={(event) => {
        const form = event.currentTarget;
        // Without the hash: a change updates the preview in place, the page stays where the member is.
        if (form.checkValidity())
          void submit(form, { replace: true, preventScrollReset: true, action: '/membership/freeze/payment' });
      }}
    >
      <input type="hidden" name="contract" value={view.contractId} />
      <fieldset className="field">
        <legend className="label">{t('freeze.duration')}</legend>
        <div className="freeze-options">
          {view.options.map((o) => (
            <label key={o.days} className="check freeze-option">
              <input
                type="radio"
                name="days"
                value={o.days}
                required
                defaultChecked={days === String(o.days)}
                disabled={!o.withinAllowance}
              />
              <span className="freeze-option-text">
                <span className="freeze-option-days">{t('freeze.days', { count: o.days })}</span>
                <span className="freeze-option-price">{o.price}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor="freeze-start" className="label">
          {t('freeze.startDate')}
        </label>
        <input
          id="freeze-start"
          name="start"
          type="date"
          className="input"
          required
          min={view.earliest}
          max={view.latest}
          defaultValue={start || view.earliest}
        />
        <p className="small muted">{t('freeze.startHint', { from: view.earliestText, to: view.latestText })}</p>
      </div>
      <button type="submit" className="button button-secondary button-block">
        {t('freeze.previewButton')}
      </button>
    </Form>
  );
}

function Preview({
  view,
  cards,
  error,
}: {
  view: FreezeScreenView;
  cards: Route.ComponentProps['loaderData']['cards'];
  error?: string;
}) {
  const { t } = useT();
  const busy = useNavigation().state === 'submitting';
  const preview = view.preview!;
  return (
    <section className="freeze-preview" aria-labelledby="freeze-preview-title">
      <h2 id="freeze-preview-title" className="section-title">
        {t('freeze.previewTitle')}
      </h2>
      <dl className="facts">
        <div>
          <dt>{t('freeze.frozenFrom')}</dt>
          <dd>
            {preview.range.from} – {preview.range.to}
          </dd>
        </div>
        <div>
          <dt>{t('freeze.endsNow')}</dt>
          <dd>{view.endDate}</dd>
        </div>
        <div className="freeze-new-end">
          <dt>{t('freeze.newEnd')}</dt>
          <dd>{preview.newEnd}</dd>
        </div>
        <div>
          <dt>{t('freeze.allowanceAfter')}</dt>
          <dd>{preview.allowanceLeftAfter}</dd>
        </div>
        <div className="freeze-price">
          <dt>{t('freeze.price')}</dt>
          <dd>{preview.price}</dd>
        </div>
      </dl>
      <p className="small muted">{t('freeze.classesNote')}</p>
      <p className="small muted">{t('freeze.noRefundNote')}</p>
      <Form method="post" className="stack method-form">
        <input type="hidden" name="intent" value="request" />
        <input type="hidden" name="contractId" value={view.contractId} />
        <input type="hidden" name="days" value={preview.days} />
        <input type="hidden" name="startDate" value={preview.startDate} />
        <MethodChoices cards={cards} checked="1" />
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {t('freeze.submit', { amount: preview.price })}
        </button>
      </Form>
    </section>
  );
}

export default function FreezeRequest({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const { screen, query, cards } = loaderData;
  if (!screen.ok && screen.missing) {
    return (
      <main className="page">
        <h1>{t('freeze.title')}</h1>
        <EmptyState icon="membership" title={t('freeze.noMembershipTitle')} text={t('freeze.noMembershipText')}>
          <Link to="/membership" className="button button-primary">
            {t('freeze.seePlans')}
          </Link>
        </EmptyState>
      </main>
    );
  }
  if (!screen.ok) {
    return (
      <main className="page">
        <h1>{t('freeze.title')}</h1>
        <LoadFailed message={screen.message} retryTo={`/membership/freeze/payment?contract=${query.contractId}`} />
      </main>
    );
  }
  const view = screen.value;
  return (
    <main className="page freeze-page">
      <h1>{t('freeze.title')}</h1>
      <p className="muted">{t('freeze.lead')}</p>
      <section className="freeze-membership" aria-label={t('freeze.membership')}>
        <span className="contract-plan">{view.planName}</span>
        {view.clubName ? <span className="small muted">{view.clubName}</span> : null}
        <span className="small">
          {t('freeze.endsNow')} {view.endDate}
        </span>
        {view.allowanceDays > 0 ? (
          <span className="small muted">
            {t('freeze.allowance', { left: view.allowanceLeft, total: view.allowanceDays })}
          </span>
        ) : null}
      </section>
      {view.blocker ? (
        <div className="notice" role="status">
          <p>{t(`freeze.blocked.${view.blocker}`)}</p>
          {view.openId !== null ? (
            <Link
              to={
                view.openWaiting ? `/membership/freeze/payment/result/${view.openId}` : `/history/freeze/${view.openId}`
              }
              className="button button-primary button-block"
            >
              {t('freeze.seeOpen')}
            </Link>
          ) : (
            <Link to={`/history/membership/${view.contractId}`} className="button button-secondary button-block">
              {t('freeze.backToMembership')}
            </Link>
          )}
        </div>
      ) : (
        <>
          <Choice view={view} days={query.days} start={query.start} />
          {/* Announced as it changes (issue 38 §8). */}
          <div id="freeze-preview" className="freeze-preview-area" aria-live="polite">
            {view.previewError ? (
              <p className="form-error" role="alert">
                {view.previewError}
              </p>
            ) : null}
            {view.preview ? (
              <Preview view={view} cards={cards} error={actionData?.error} />
            ) : (
              <p className="small muted">{t('freeze.choosePreviewFirst')}</p>
            )}
          </div>
        </>
      )}
    </main>
  );
}
