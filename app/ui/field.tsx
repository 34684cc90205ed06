import { isValidationMessageKey, validationMessage } from '#contract/validation-messages.ts';
import type { Lang } from '#contract/codes.ts';

/** A schema issue is a message key of contract/validation.ts; a gateway error is already text. */
export function errorText(error: string, lang: Lang) {
  return isValidationMessageKey(error) ? validationMessage(error, lang) : error;
}

export function FieldErrors({ id, errors, lang }: { id: string; errors?: string[]; lang: Lang }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {errors.map((e) => errorText(e, lang)).join(' ')}
    </p>
  );
}

/** Errors of the whole form (not of one field), announced when they appear. */
export function FormErrors({ id, errors, lang }: { id?: string; errors?: string[]; lang: Lang }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="form-error" role="alert">
      {errors.map((e) => errorText(e, lang)).join(' ')}
    </p>
  );
}
