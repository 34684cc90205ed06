import type { InputHTMLAttributes } from 'react';
import type { FieldMeta } from '#app/ui/form.ts';

// Error texts under a field and under a form. Actions send texts, already in the member's language
// (errorText and localizedReply in app/server/form.server.ts): the browser translates nothing here.

export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {errors.join(' ')}
    </p>
  );
}

/** Errors of the whole form (not of one field), announced when they appear. */
export function FormErrors({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="form-error" role="alert">
      {errors.join(' ')}
    </p>
  );
}

type TextFieldProps = {
  field: FieldMeta;
  label: string;
  /** A line under the box, read with it (aria-describedby). */
  hint?: string;
  /** A textarea of this many rows; without, a one-line input. */
  rows?: number;
  type?: 'text' | 'tel' | 'email' | 'date';
  /** The box's classes: `input`, or e.g. `input input-large`. */
  className?: string;
  /** The whole field out of sight (it still posts), when another choice of the form makes it moot. */
  hidden?: boolean;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'inputMode' | 'autoComplete' | 'placeholder' | 'maxLength'>;

/**
 * A labelled text box of a server-validated form (useServerForm): it starts with what was sent
 * (after a refusal, JavaScript on or off) or the default, and the server's errors stand under it,
 * tied to it by aria-invalid and aria-describedby.
 */
export function TextField({
  field,
  label,
  hint,
  rows,
  type = 'text',
  className = 'input',
  hidden,
  ...box
}: TextFieldProps) {
  const describedBy =
    [hint ? field.descriptionId : '', field.errors ? field.errorId : ''].filter(Boolean).join(' ') || undefined;
  const shared = {
    ...box,
    id: field.id,
    name: field.name,
    defaultValue: field.initialValue,
    className,
    'aria-invalid': field.errors ? true : undefined,
    'aria-describedby': describedBy,
  };
  return (
    <div className="field" hidden={hidden}>
      <label htmlFor={field.id}>{label}</label>
      {rows ? <textarea {...shared} rows={rows} /> : <input {...shared} type={type} />}
      {hint ? (
        <p id={field.descriptionId} className="hint">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}
