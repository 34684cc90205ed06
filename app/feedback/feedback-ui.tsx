import { useState, type FormEvent } from 'react';
import { FEEDBACK_TEXT_MAX } from '#api/feedback-types.ts';
import { isPhoneNumber } from '#api/phone.ts';
import { useT } from '#app/i18n.ts';
import { StarRating, type StarTexts } from '#app/ui/stars.tsx';

// The form parts that the feedback, the public report and the rating share (issue 16 §5 rules).

type FieldRule = (value: string) => boolean;

/** When a field of these forms is right again (§5): filled, a description of at most 1000 characters, an empty or 10-digit phone. */
const feedbackRules: Record<string, FieldRule> = {
  comment: (value) => value.trim() !== '' && value.length <= FEEDBACK_TEXT_MAX,
  phoneNumber: (value) => value.trim() === '' || isPhoneNumber(value),
};
const filled: FieldRule = (value) => value.trim() !== '';
const NO_ERRORS: Record<string, string> = {};

/**
 * The server's field errors of a refused form, each dropped as soon as the member changes its field
 * to a value that is right (issue 37: no stale "Trường bắt buộc" under a filled field). A new reply
 * (a new errors object) starts again from its own errors. Put `onChange` on the form.
 */
export function useFieldErrors(reply: Record<string, string> | undefined) {
  const serverErrors = reply ?? NO_ERRORS;
  const [state, setState] = useState({ source: serverErrors, fixed: new Set<string>() });
  const current = state.source === serverErrors ? state : { source: serverErrors, fixed: new Set<string>() };
  if (current !== state) setState(current);
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    const name = target.name;
    if (!name || !serverErrors[name]) return;
    const value =
      target.type === 'radio' || target.type === 'checkbox'
        ? target.checked
          ? target.value || 'on'
          : ''
        : target.value;
    const right = (feedbackRules[name] ?? filled)(value);
    setState((now) => {
      if (now.source !== serverErrors || now.fixed.has(name) === right) return now;
      const fixed = new Set(now.fixed);
      if (right) fixed.add(name);
      else fixed.delete(name);
      return { source: now.source, fixed };
    });
  };
  const errors = Object.fromEntries(Object.entries(serverErrors).filter(([name]) => !current.fixed.has(name)));
  return { errors, onChange };
}

/** The feedback, the public report and the rating prompt ask for their stars in the same words. */
export function Stars({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value?: string;
  onChange?: (rate: string) => void;
  error?: string;
}) {
  const { t } = useT();
  const texts: StarTexts = {
    legend: t('feedback.stars'),
    star: (n) => t('feedback.star', { count: n }),
    chosen: (n) => t('feedback.chosen', { n }),
    none: t('feedback.noneChosen'),
  };
  return <StarRating id={id} name="rate" value={value} onChange={onChange} error={error} texts={texts} />;
}

/** A free text of at most 1000 characters with its counter (§5); the counter follows the typing with JavaScript. */
export function CommentField({
  id,
  label,
  defaultValue = '',
  required,
  error,
}: {
  id: string;
  label: string;
  defaultValue?: string;
  required?: boolean;
  error?: string;
}) {
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
