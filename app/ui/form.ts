import { useEffect, useRef } from 'react';
import type { SubmissionResult } from '@conform-to/react';

// ADR 028: the browser reads the server's conform reply with these few lines instead of shipping
// @conform-to/react (8.9 KB gz on every form page). Validation already ran on the server only
// (ADR 004); in the browser a form needs the reply's errors, what was typed, and the ids that tie
// a field to its label and its error text. Ids are the ones conform gives: `<form>-<name>`,
// `<id>-error`, `<id>-description`.

/** What an action returns for a form: conform's `submission.reply()`, plain JSON. */
export type FormReply = SubmissionResult<string[]>;

export type FieldMeta = {
  id: string;
  name: string;
  errorId: string;
  descriptionId: string;
  /** The server's message texts for this field (localizedReply), undefined when it has none. */
  errors: string[] | undefined;
  /** What the member sent (after a refused submission) or the form's default. */
  initialValue: string | undefined;
};

export type FormMeta = {
  id: string;
  errorId: string;
  /** Errors of the whole form, not of one field. */
  errors: string[] | undefined;
};

type Options<Name extends string> = {
  id: string;
  fields: readonly Name[];
  /** The action's reply; a new one with errors focuses the first field it refuses. */
  lastResult?: FormReply | null;
  defaultValue?: Partial<Record<Name, string>>;
};

const errorsOf = (reply: FormReply | null | undefined, name: string) => {
  const errors = reply?.error?.[name];
  return errors?.length ? errors : undefined;
};

/** The typed value of a refused submission wins over the default (JavaScript on or off). */
function initialValueOf(reply: FormReply | null | undefined, name: string, fallback: string | undefined) {
  const sent = reply?.initialValue?.[name];
  if (typeof sent === 'string') return sent;
  if (Array.isArray(sent) && typeof sent[0] === 'string') return sent[0];
  return reply?.initialValue ? undefined : fallback;
}

/**
 * A server-validated form: its metadata and its fields' metadata, from the last reply.
 * With JavaScript on, a new reply that refuses something moves the focus to the first refused field.
 */
export function useServerForm<Name extends string>({ id, fields, lastResult, defaultValue }: Options<Name>) {
  const seen = useRef(lastResult);
  useEffect(() => {
    if (!lastResult || lastResult === seen.current) return;
    seen.current = lastResult;
    if (lastResult.status !== 'error') return;
    const form = document.getElementById(id);
    if (!(form instanceof HTMLFormElement)) return;
    for (const element of Array.from(form.elements)) {
      const name = (element as HTMLInputElement).name;
      if (name && errorsOf(lastResult, name) && element instanceof HTMLElement) {
        element.focus();
        break;
      }
    }
  }, [id, lastResult]);

  const form: FormMeta = { id, errorId: `${id}-error`, errors: errorsOf(lastResult, '') };
  const meta = Object.fromEntries(
    fields.map((name) => {
      const fieldId = `${id}-${name}`;
      const field: FieldMeta = {
        id: fieldId,
        name,
        errorId: `${fieldId}-error`,
        descriptionId: `${fieldId}-description`,
        errors: errorsOf(lastResult, name),
        initialValue: initialValueOf(lastResult, name, defaultValue?.[name]),
      };
      return [name, field];
    }),
  ) as Record<Name, FieldMeta>;
  return [form, meta] as const;
}

/** The `<form>` attributes: its id, and no browser validation bubbles (the server's messages are §5's). */
export const formProps = (form: FormMeta) => ({
  id: form.id,
  noValidate: true,
  'aria-describedby': form.errors ? form.errorId : undefined,
});

/** An `<input>`'s id, name, type, what it starts with, and whether it is refused. */
export function inputProps(field: FieldMeta, type: 'text' | 'tel' | 'email' | 'checkbox') {
  const shared = {
    id: field.id,
    name: field.name,
    type,
    'aria-invalid': field.errors ? true : undefined,
    'aria-describedby': field.errors ? field.errorId : undefined,
  };
  return type === 'checkbox'
    ? { ...shared, value: 'on', defaultChecked: field.initialValue === 'on' }
    : { ...shared, defaultValue: field.initialValue };
}
