import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { FieldErrors } from '#app/ui/field.tsx';

// Its own module: the cash desk and the door use it, and the other staff pages import staff-ui.tsx
// without it (first-load JavaScript, issue 18).

/**
 * A member looked up by phone: a GET form that reloads the page with `?phone=` (JavaScript on or
 * off), the number typed kept in the box with the loader's message under it. `keep` carries the
 * page's other query values; `children` come after the field (the cash desk's "show all").
 */
export function PhoneSearch({
  id,
  label,
  submitLabel,
  typed,
  error,
  keep,
  className,
  children,
}: {
  id: string;
  label: string;
  submitLabel: string;
  typed: string;
  error: string | null;
  keep?: Record<string, string>;
  className?: string;
  children?: ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <Form method="get" className={className}>
      {Object.entries(keep ?? {}).map(([key, v]) => (
        <input key={key} type="hidden" name={key} value={v} />
      ))}
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <div className="input-row">
          <input
            id={id}
            name="phone"
            type="tel"
            inputMode="tel"
            defaultValue={typed}
            className="input"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <button type="submit" className="button button-secondary">
            {submitLabel}
          </button>
        </div>
        <FieldErrors id={errorId} errors={error ? [error] : undefined} />
      </div>
      {children}
    </Form>
  );
}
