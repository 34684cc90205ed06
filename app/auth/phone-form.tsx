import { Form, useNavigation } from 'react-router';
import { FormErrors, TextField } from '#app/ui/field.tsx';
import { formProps, useServerForm, type FormReply } from '#app/ui/form.ts';

type Props = {
  id: string;
  phoneNumber: string;
  lastResult: FormReply | undefined;
  label: string;
  submitLabel: string;
  placeholder?: string;
};

/** "Your phone number" and a button that sends a code to it: the member and the staff sign-in. */
export function PhoneForm({ id, phoneNumber, lastResult, label, submitLabel, placeholder }: Props) {
  const busy = useNavigation().state === 'submitting';
  const [form, fields] = useServerForm({ id, fields: ['phoneNumber'], lastResult, defaultValue: { phoneNumber } });
  return (
    <Form method="post" {...formProps(form)} className="stack">
      <TextField
        field={fields.phoneNumber}
        label={label}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder={placeholder}
        className="input input-large"
      />
      <FormErrors errors={form.errors} />
      <button type="submit" className="button button-primary button-block" disabled={busy}>
        {submitLabel}
      </button>
    </Form>
  );
}
