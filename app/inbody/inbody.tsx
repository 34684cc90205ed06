import { useState } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { INBODY_IMAGE_FIELD } from '#contract/inbody-fields.ts';
import { useT } from '#app/i18n.ts';
import { tryLoad } from '#app/account/account.server.ts';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { Icon, type IconName } from '#app/ui/icons.tsx';
import { LoadFailed } from '#app/ui/load-failed.tsx';
import { pageMeta } from '#app/ui/meta.ts';
import { PhotoField } from '#app/ui/photo-field.tsx';
import { submitOnce, UploadProgress, useUploadState, withUploadProgress } from '#app/ui/upload-progress.tsx';
import type { StringsHandle } from '#app/locales/messages.ts';
import { ChangeText, LineChart, Segments } from './inbody-ui.tsx';
import { inbodyAction, inbodyView, type DraftView, type FormInput, type InbodyActionData } from './inbody.server.ts';
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

// With JavaScript the photo goes up through XMLHttpRequest, so the page shows how much has gone (ADR 066).
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => withUploadProgress(serverAction);

/** The longest side the browser shrinks a sheet photo to before sending (the gateway reads at 1700 px wide). */
const SHEET_PHOTO_SIDE = 2400;

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

/** The input the "Take it again" label opens (PhotoField's id). */
const PHOTO_INPUT_ID = `inbody-${INBODY_IMAGE_FIELD}`;

/**
 * A photo that could not be read says why, or the hourly limit says how long to wait (ADR 066); both
 * offer to type the values instead, and the unreadable one to take the photo again (the label opens
 * the picker, with or without JavaScript).
 */
function UploadRefusal({ refusal }: { refusal: InbodyActionData }) {
  const { t } = useT();
  const busy = useNavigation().state !== 'idle';
  if (!refusal.unreadable && !refusal.limit) return null;
  return (
    <div className="notice inbody-refusal" role="alert" aria-labelledby="inbody-refusal-title">
      {refusal.unreadable ? (
        <>
          <p id="inbody-refusal-title" className="inbody-refusal-title">
            <Icon name="warning" size={20} />
            {t('inbody.unreadableTitle')}
          </p>
          <p>{t(`inbody.unreadable.${refusal.unreadable}`)}</p>
          <p className="small">{t('inbody.unreadableOffer')}</p>
        </>
      ) : (
        <>
          <p id="inbody-refusal-title" className="inbody-refusal-title">
            <Icon name="clock" size={20} />
            {t('inbody.limitReached', { total: refusal.limit!.sent, count: refusal.limit!.minutes })}
          </p>
          <p className="small">{t('inbody.limitOffer')}</p>
        </>
      )}
      <div className="inbody-refusal-actions">
        {refusal.unreadable ? (
          <label htmlFor={PHOTO_INPUT_ID} className="button button-primary">
            {t('inbody.retake')}
          </label>
        ) : null}
        <Form method="post">
          <button type="submit" name="intent" value="manual" className="button button-secondary" disabled={busy}>
            {t('inbody.typeIn')}
          </button>
        </Form>
      </div>
    </div>
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
      {refusal ? <UploadRefusal refusal={refusal} /> : null}
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

/** The one "Check again" text the doubtful region inputs are described by (the table has no room for it in each cell). */
const DOUBTFUL_NOTE_ID = 'inbody-doubtful-note';

/** A region's input: labelled for screen readers by region, part and unit; the row and columns say it on screen. */
function SegmentInput({ input, label }: { input: FormInput; label: string }) {
  const { t } = useT();
  const id = `inbody-${input.name.replace('.', '-')}`;
  const described =
    [input.doubtful ? DOUBTFUL_NOTE_ID : null, input.error ? `${id}-error` : null].filter(Boolean).join(' ') ||
    undefined;
  return (
    <td className={input.doubtful ? 'inbody-segment-cell doubtful' : 'inbody-segment-cell'}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        name={input.name}
        className={input.doubtful ? 'input inbody-segment-input doubtful' : 'input inbody-segment-input'}
        inputMode="decimal"
        autoComplete="off"
        defaultValue={input.value}
        aria-invalid={input.error ? true : undefined}
        aria-describedby={described}
      />
      {input.doubtful ? (
        <span className="inbody-doubtful-mark" title={t('inbody.doubtful')}>
          <Icon name="warning" size={16} />
        </span>
      ) : null}
      {input.error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {input.error}
        </p>
      ) : null}
    </td>
  );
}

/** The regions read from the sheet, in the dialog so they are checked before they are saved (issue 37 item 18). */
function SegmentInputsTable({ group }: { group: DraftView['segments'][number] }) {
  const { t } = useT();
  const part = group.kind === 'fat' ? t('inbody.fat') : t('inbody.lean');
  const title = `${t('inbody.segmentsTitle')}: ${part}`;
  return (
    <table className="inbody-segment-inputs">
      <caption>{title}</caption>
      <thead>
        <tr>
          <td />
          <th scope="col">{t('inbody.unit.kg')}</th>
          <th scope="col">{t('inbody.percentOfNormal')}</th>
        </tr>
      </thead>
      <tbody>
        {group.rows.map((row) => {
          const segment = t(`inbody.segment.${row.segment}`);
          return (
            <tr key={row.segment}>
              <th scope="row">{segment}</th>
              <SegmentInput
                input={row.mass}
                label={t('inbody.segmentInput', { segment, part, unit: t('inbody.unit.kg') })}
              />
              <SegmentInput
                input={row.percent}
                label={t('inbody.segmentInput', { segment, part, unit: t('inbody.percentOfNormal') })}
              />
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * §2 "update inbody data": what was read, editable, doubtful values marked; confirming saves (1124).
 * The same form corrects a saved record (§7 update), then cancelling leaves it as it was.
 */
function ConfirmForm({ draft }: { draft: DraftView }) {
  const { t } = useT();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const doubtful = [...draft.fields, ...draft.segments.flatMap((g) => g.rows.flatMap((r) => [r.mass, r.percent]))]
    .filter((f) => f.doubtful)
    .map((f) => f.name);
  return (
    <section className="inbody-confirm" role="dialog" aria-labelledby="inbody-confirm-title" aria-modal="false">
      <h2 id="inbody-confirm-title">
        {draft.saved ? t('inbody.correctTitle') : draft.manual ? t('inbody.manualTitle') : t('inbody.confirmTitle')}
      </h2>
      <p className="muted small">
        {draft.saved ? t('inbody.correctLead') : draft.manual ? t('inbody.manualLead') : t('inbody.confirmLead')}
      </p>
      {doubtful.length ? (
        <p className="small inbody-doubtful-lead">
          <Icon name="warning" size={18} />
          <span>{t('inbody.doubtfulLead', { count: doubtful.length })}</span>
        </p>
      ) : null}
      {doubtful.length ? (
        <span id={DOUBTFUL_NOTE_ID} hidden>
          {t('inbody.doubtful')}
        </span>
      ) : null}
      <Form method="post" className="stack" noValidate>
        <input type="hidden" name="id" value={draft.id} />
        <input type="hidden" name="doubtful" value={doubtful.join(',')} />
        {draft.saved ? <input type="hidden" name="saved" value="1" /> : null}
        {draft.manual ? <input type="hidden" name="manual" value="1" /> : null}
        <div className="inbody-fields">
          {draft.fields.map((field) => {
            const id = `inbody-${field.name}`;
            const described =
              [field.doubtful ? `${id}-doubtful` : null, field.error ? `${id}-error` : null]
                .filter(Boolean)
                .join(' ') || undefined;
            return (
              <div key={field.name} className={field.doubtful ? 'field inbody-field doubtful' : 'field inbody-field'}>
                <label htmlFor={id}>
                  {t(`inbody.field.${field.name}`)}{' '}
                  <span className="muted small">({t(`inbody.unit.${field.unit}`)})</span>
                </label>
                <input
                  id={id}
                  name={field.name}
                  className="input"
                  inputMode="decimal"
                  autoComplete="off"
                  defaultValue={field.value}
                  aria-invalid={field.error ? true : undefined}
                  aria-describedby={described}
                />
                <div className="inbody-field-notes">
                  {field.doubtful ? (
                    <p id={`${id}-doubtful`} className="hint inbody-doubtful">
                      <Icon name="warning" size={16} />
                      {t('inbody.doubtful')}
                    </p>
                  ) : null}
                  {field.error ? (
                    <p id={`${id}-error`} className="field-error" role="alert">
                      {field.error}
                    </p>
                  ) : null}
                </div>
              </div>
            );
          })}
        </div>
        {draft.segments.map((group) => (
          <SegmentInputsTable key={group.kind} group={group} />
        ))}
        <div className="field">
          <label htmlFor="inbody-measuredOn">{t('inbody.measuredOn')}</label>
          <input
            id="inbody-measuredOn"
            name="measuredOn"
            type="date"
            className="input"
            defaultValue={draft.measuredOn}
          />
        </div>
        {draft.formError ? (
          <p className="form-error" role="alert">
            {draft.formError}
          </p>
        ) : null}
        <button
          type="submit"
          name="intent"
          value="confirm"
          className="button button-primary button-block"
          disabled={busy}
        >
          {t('inbody.confirm')}
        </button>
        {draft.saved ? (
          <Link
            to={`/inbody?tab=detail&record=${String(draft.id)}`}
            className="button button-secondary button-block"
            replace
          >
            {t('inbody.cancelCorrect')}
          </Link>
        ) : (
          // The read is kept by the gateway until confirmed: discarding drops it (and its photo).
          <button
            type="submit"
            name="intent"
            value="discard"
            className="button button-secondary button-block"
            disabled={busy}
          >
            {draft.manual ? t('inbody.cancelManual') : t('inbody.discard')}
          </button>
        )}
      </Form>
    </section>
  );
}

type View = Extract<Route.ComponentProps['loaderData'], { ok: true }>['value'];

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

function Detail({ view }: { view: View }) {
  const { t } = useT();
  const detail = view.detail!;
  const at = (record: number, extra = '') => `/inbody?tab=detail&record=${String(record)}${extra}`;
  return (
    <>
      <div className="inbody-browse">
        {detail.olderId ? (
          <Link to={at(detail.olderId)} className="button button-secondary" replace>
            <span aria-hidden="true">‹ </span>
            {t('inbody.older')}
          </Link>
        ) : (
          <span />
        )}
        <span className="small muted">
          {t('inbody.position', { index: detail.position.index, total: detail.position.total })}
        </span>
        {detail.newerId ? (
          <Link to={at(detail.newerId)} className="button button-secondary" replace>
            {t('inbody.newer')}
            <span aria-hidden="true"> ›</span>
          </Link>
        ) : (
          <span />
        )}
      </div>
      <h2 className="section-title">{t('inbody.recordOf', { date: detail.date })}</h2>
      {detail.score !== null ? (
        <p className="inbody-score">
          <span className="muted small">{t('inbody.field.score')}</span>
          <strong>{t('inbody.scoreOf', { score: detail.score })}</strong>
        </p>
      ) : null}

      <h3 className="section-title">{t('inbody.composition')}</h3>
      <p className="small muted">{detail.first ? t('inbody.first') : t('inbody.changeFromPrevious')}</p>
      <ul className="inbody-bars">
        {detail.bars.map((bar) => (
          <li key={bar.metric}>
            <span className="inbody-bar-label">{t(`inbody.field.${bar.metric}`)}</span>
            <span className="inbody-bar-value">
              {bar.text ?? '—'} {bar.text ? t(`inbody.unit.${bar.unit}`) : ''}
            </span>
            <ChangeText change={bar.change} />
          </li>
        ))}
      </ul>

      <h3 className="section-title">{t('inbody.segmentsTitle')}</h3>
      <nav className="segmented tab-links" aria-label={t('inbody.segmentsLabel')}>
        <Link
          to={at(detail.id)}
          className="segment"
          aria-current={detail.part === 'lean' ? 'page' : undefined}
          replace
          preventScrollReset
        >
          {t('inbody.lean')}
        </Link>
        <Link
          to={at(detail.id, '&part=fat')}
          className="segment"
          aria-current={detail.part === 'fat' ? 'page' : undefined}
          replace
          preventScrollReset
        >
          {t('inbody.fat')}
        </Link>
      </nav>
      <Segments
        segments={detail.segments}
        title={`${t('inbody.segmentsTitle')}: ${detail.part === 'fat' ? t('inbody.fat') : t('inbody.lean')}`}
      />

      <div className="stack inbody-record-actions">
        <Link to={at(detail.id, '&edit=1')} className="button button-secondary button-block" replace>
          {t('inbody.correct')}
        </Link>
        {detail.photoUrl ? (
          <a href={`${detail.photoUrl}?download`} className="button button-secondary button-block" download>
            {t('inbody.download')}
          </a>
        ) : (
          <p className="small muted">{t('inbody.noPhoto')}</p>
        )}
        {detail.confirmDelete ? (
          <div className="notice" role="alertdialog" aria-labelledby="inbody-delete-question">
            <p id="inbody-delete-question">{t('inbody.deleteQuestion', { date: detail.date })}</p>
            <Form method="post" className="stack">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={detail.id} />
              <button type="submit" className="button button-secondary button-block danger-text">
                {t('inbody.deleteConfirm')}
              </button>
              <Link to={at(detail.id)} className="button button-link" replace>
                {t('inbody.keep')}
              </Link>
            </Form>
          </div>
        ) : (
          <Link to={at(detail.id, '&delete=1')} className="button button-link danger-text" replace preventScrollReset>
            {t('inbody.delete')}
          </Link>
        )}
      </div>
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
        <ConfirmForm draft={draft} />
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
            <Detail view={view} />
          ) : (
            <History view={view} />
          )}
          {!refusal && (view.tab === 'summary' || view.empty) ? <UploadForm refusal={null} /> : null}
        </>
      )}
    </main>
  );
}
