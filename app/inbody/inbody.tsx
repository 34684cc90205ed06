import { lazy, Suspense, useState } from 'react';
import { Form, Link, useNavigation, type ShouldRevalidateFunction } from 'react-router';
import { INBODY_IMAGE_FIELD } from '#api/inbody-fields.ts';
import { useT } from '#app/i18n.ts';
import { tryLoad } from '#app/account/account.server.ts';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { Icon, type IconName } from '#app/ui/icons.tsx';
import { LoadFailed } from '#app/ui/load-failed.tsx';
import { pageMeta } from '#app/ui/meta.ts';
import type { KeepsData } from '#app/ui/revalidate.ts';
import { PhotoField } from '#app/ui/photo-field.tsx';
import { submitOnce, UploadProgress, useUploadState, withUploadProgress } from '#app/ui/upload-progress.tsx';
import type { StringsHandle } from '#app/locales/messages.ts';
import { ChangeText, LineChart } from './inbody-ui.tsx';
import { inbodyAction, inbodyView, type InbodyActionData } from './inbody.server.ts';
import { inbodyRead } from './inbody.read.server.ts';
import type { Route } from './+types/inbody';

// §2 /inbody (issue 14): Summary (three measures, a chart, add a result from a photo), Detail (one
// scan: older/newer, score, regions, bars, photo, delete) and History (three charts); the tab last
// used comes back on reload. Every part is a link or a form: it all works without JavaScript.

export const handle: StringsHandle = { strings: ['inbody'] };

/** Its one gateway read, the member shell with it (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [inbodyRead.declare];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'nav.inbody');

export async function loader(args: Route.LoaderArgs) {
  return tryLoad(() => inbodyView(args));
}

export const action = (args: Route.ActionArgs) => inbodyAction(args);

/**
 * A reading (or an empty form to type into) opens the confirm dialog from the action's answer at once
 * (ADR 082): the draft it made is in that answer, and nothing else on the page has changed.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as Partial<KeepsData> | undefined)?.keepsData !== true && defaultShouldRevalidate;

// The dialog that checks what was read loads on demand (issue 18's first-load budget): asked for as
// soon as a photo or "Nhập tay" is sent, it is there by the answer.
const loadConfirm = () => import('./inbody-confirm.tsx');
const ConfirmForm = lazy(() => loadConfirm().then((m) => ({ default: m.ConfirmForm })));
// So does what a refused photo says (ADR 066): asked for with the dialog, it is there by the answer.
const loadRefusal = () => import('./inbody-refusal.tsx');
const UploadRefusal = lazy(() => loadRefusal().then((m) => ({ default: m.UploadRefusal })));
// So does one scan's detail (the Summary tab opens first).
const Detail = lazy(() => import('./inbody-detail.tsx').then((m) => ({ default: m.Detail })));

// With JavaScript the photo goes up through XMLHttpRequest, so the page shows how much has gone (ADR 066).
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => {
  void loadConfirm().catch(() => undefined);
  void loadRefusal().catch(() => undefined);
  return withUploadProgress(serverAction);
};

/**
 * The longest side the browser shrinks a sheet photo to before sending: the gateway reads the page at
 * 1700 px wide, and on weak 3G (400 kbit/s) a 12 MP camera photo goes up in about half the time it
 * took at 2400 px (issue 39).
 */
const SHEET_PHOTO_SIDE = 1800;

const guideTips: { key: 'frame' | 'light' | 'still' | 'flat'; icon: IconName }[] = [
  { key: 'frame', icon: 'frame' },
  { key: 'light', icon: 'light' },
  { key: 'still', icon: 'still' },
  { key: 'flat', icon: 'flat' },
];

/** Issue 36 §6: how to photograph the sheet, before the picker; plain markup, there without JavaScript too. */
function PhotoGuide() {
  const { t } = useT();
  return (
    <section className="photo-guide" aria-labelledby="inbody-guide-title">
      <h3 id="inbody-guide-title" className="photo-guide-title">
        {t('inbody.guide.title')}
      </h3>
      <ul>
        {guideTips.map((tip) => (
          <li key={tip.key}>
            <span className="photo-guide-icon">
              <Icon name={tip.icon} size={28} />
            </span>
            <span>{t(`inbody.guide.${tip.key}`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function UploadForm({ refusal }: { refusal: InbodyActionData | null }) {
  const { t } = useT();
  const navigation = useNavigation();
  const [preparing, setPreparing] = useState(false);
  const uploading = useUploadState().phase !== 'idle';
  const sending = uploading || (navigation.state === 'submitting' && navigation.formData?.get('intent') === 'upload');
  return (
    <section className="inbody-add" aria-labelledby="inbody-add-title">
      <h2 id="inbody-add-title" className="section-title">
        {t('inbody.add')}
      </h2>
      {refusal?.unreadable || refusal?.limit ? (
        <Suspense fallback={null}>
          <UploadRefusal refusal={refusal} />
        </Suspense>
      ) : null}
      <PhotoGuide />
      <Form method="post" encType="multipart/form-data" className="stack" onSubmit={submitOnce}>
        <input type="hidden" name="intent" value="upload" />
        <PhotoField
          idPrefix="inbody"
          name={INBODY_IMAGE_FIELD}
          label={t('inbody.photo')}
          hint={t('inbody.photoHint')}
          error={refusal?.uploadError ?? undefined}
          maxSide={SHEET_PHOTO_SIDE}
          onPreparing={setPreparing}
        />
        <button
          type="submit"
          className="button button-primary button-block"
          disabled={preparing || sending}
          aria-busy={sending || undefined}
        >
          {t('inbody.read')}
        </button>
        <UploadProgress processingLabel={t('inbody.readingStep')} />
      </Form>
    </section>
  );
}

export type View = Extract<Route.ComponentProps['loaderData'], { ok: true }>['value'];

function Summary({ view }: { view: View }) {
  const { t } = useT();
  const summary = view.summary!;
  return (
    <>
      <p className="muted small">{t('inbody.latest', { date: summary.date })}</p>
      <nav className="inbody-cards" aria-label={t('inbody.metricsLabel')}>
        {summary.cards.map((card) => (
          <Link
            key={card.metric}
            to={`/inbody?tab=summary&metric=${card.metric}`}
            className="inbody-card"
            aria-current={card.metric === view.metric ? 'true' : undefined}
            preventScrollReset
            replace
          >
            <span className="inbody-card-label">{t(`inbody.field.${card.metric}`)}</span>
            <span className="inbody-card-value">
              {card.value ?? '—'} <span className="small">{t(`inbody.unit.${card.unit}`)}</span>
            </span>
            <ChangeText change={card.change} />
          </Link>
        ))}
      </nav>
      <LineChart
        chart={summary.chart}
        title={t('inbody.chartOf', { metric: t(`inbody.field.${summary.chart.metric}`) })}
      />
    </>
  );
}

function History({ view }: { view: View }) {
  const { t } = useT();
  return (
    <>
      <h2 className="section-title">{t('inbody.historyTitle')}</h2>
      {view.history.map((chart) => (
        <section key={chart.metric} className="inbody-history-chart">
          <h3 className="small">
            {t(`inbody.field.${chart.metric}`)} ({t(`inbody.unit.${chart.unit}`)})
          </h3>
          <LineChart chart={chart} title={t('inbody.chartOf', { metric: t(`inbody.field.${chart.metric}`) })} />
        </section>
      ))}
    </>
  );
}

export default function InbodyTab({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  if (!loaderData.ok) {
    return (
      <main className="page">
        <h1>{t('inbody.title')}</h1>
        <LoadFailed message={loaderData.message} retryTo="/inbody" />
      </main>
    );
  }
  const view = loaderData.value;
  const draft = actionData?.draft ?? view.form;
  const refusal = actionData && !actionData.draft ? actionData : null;
  return (
    <main className="page inbody">
      <h1>{t('inbody.title')}</h1>
      {draft ? (
        <Suspense fallback={null}>
          <ConfirmForm draft={draft} />
        </Suspense>
      ) : (
        <>
          <nav className="segmented-links tab-links" aria-label={t('inbody.tabsLabel')}>
            {(['summary', 'detail', 'history'] as const).map((tab) => (
              <Link
                key={tab}
                to={`/inbody?tab=${tab}`}
                className="segment-link"
                aria-current={view.tab === tab ? 'page' : undefined}
                replace
              >
                {t(`inbody.tab.${tab}`)}
              </Link>
            ))}
          </nav>
          {/* A refused photo: its reason and offers first, where the page opens (no JavaScript scrolls to it). */}
          {refusal ? <UploadForm refusal={refusal} /> : null}
          {view.empty ? (
            <EmptyState icon="inbody" title={t('inbody.emptyTitle')} text={t('inbody.emptyText')} />
          ) : view.tab === 'summary' ? (
            <Summary view={view} />
          ) : view.tab === 'detail' ? (
            <Suspense fallback={null}>
              <Detail view={view} />
            </Suspense>
          ) : (
            <History view={view} />
          )}
          {!refusal && (view.tab === 'summary' || view.empty) ? <UploadForm refusal={null} /> : null}
        </>
      )}
    </main>
  );
}
