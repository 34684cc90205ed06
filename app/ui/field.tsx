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
