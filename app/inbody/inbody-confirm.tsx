import { Form, Link, useNavigation } from 'react-router';
import { useT } from '#app/i18n.ts';
import { Icon } from '#app/ui/icons.tsx';
import type { DraftView, FormInput } from './inbody.server.ts';

// The dialog of /inbody that checks what was read from a sheet (or is typed in), loaded on demand by
// inbody.tsx: most visits of the tab never open it.

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
export function ConfirmForm({ draft }: { draft: DraftView }) {
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
