import { useState } from 'react';
import { FEEDBACK_TEXT_MAX, MAX_STARS } from '#contract/feedback-types.ts';
import { useT } from '#app/i18n.ts';

// The form parts that the feedback, the public report and the rating share (issue 16 §5 rules).

const STARS = Array.from({ length: MAX_STARS }, (_, i) => MAX_STARS - i);

/**
 * 1–5 stars as radio buttons: a plain form without JavaScript, the keyboard's arrows with it. The
 * buttons come 5→1 in the markup so the CSS can light a star and the ones before it (row-reverse).
 */
export function Stars({ id, name = 'rate', value, onChange, error }: { id: string; name?: string; value?: string; onChange?: (rate: string) => void; error?: string }) {
  const { t } = useT();
  return (
    <fieldset className="field stars-field" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{t('feedback.stars')}</legend>
      <div className="stars">
        {STARS.map((n) => (
          <label key={n} className="star" title={t('feedback.star', { n })}>
            <input
              type="radio"
              name={name}
              value={String(n)}
              defaultChecked={onChange ? undefined : value === String(n)}
              checked={onChange ? value === String(n) : undefined}
              onChange={onChange ? () => onChange(String(n)) : undefined}
              aria-invalid={error ? true : undefined}
            />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{t('feedback.star', { n })}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A free text of at most 1000 characters with its counter (§5); the counter follows the typing with JavaScript. */
export function CommentField({ id, label, defaultValue = '', required, error }: { id: string; label: string; defaultValue?: string; required?: boolean; error?: string }) {
  const { t } = useT();
  const [count, setCount] = useState(defaultValue.length);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        name="comment"
        className="input textarea"
        rows={4}
        maxLength={FEEDBACK_TEXT_MAX}
        required={required}
        defaultValue={defaultValue}
        onChange={(event) => setCount(event.currentTarget.value.length)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-counter${error ? ` ${id}-error` : ''}`}
      />
      <p id={`${id}-counter`} className="hint comment-counter" aria-live="polite">
        {t('feedback.counter', { count, max: FEEDBACK_TEXT_MAX })}
      </p>
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The form's own error (not a field's) and its Send button, disabled while it is on its way. */
export function SendRow({ formError, busy, label }: { formError?: string | null; busy: boolean; label: string }) {
  return (
    <>
      {formError ? (
        <p className="form-error" role="alert">
          {formError}
        </p>
      ) : null}
      <button type="submit" className="button button-primary button-block" disabled={busy}>
        {label}
      </button>
    </>
  );
}
