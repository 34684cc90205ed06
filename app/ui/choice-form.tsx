import { Form, useSubmit } from 'react-router';
import { useHydrated } from './hooks.ts';

/**
 * A GET form with one select (a club, a package…): with JavaScript a choice reloads the page at
 * once; without it, a button under the select does.
 */
export function ChoiceForm(props: {
  name: string;
  label: string;
  value: string | number;
  options: { value: string | number; label: string }[];
  buttonLabel: string;
}) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  return (
    <Form method="get" className="stack">
      <label className="field">
        <span className="label">{props.label}</span>
        <select
          name={props.name}
          className="input"
          defaultValue={String(props.value)}
          onChange={(event) => void submit(event.currentTarget.form)}
        >
          {props.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      {hydrated ? null : (
        <button type="submit" className="button button-secondary button-block">
          {props.buttonLabel}
        </button>
      )}
    </Form>
  );
}
