import { Form, useNavigation } from 'react-router';
import { FieldErrors, FormErrors } from '#app/ui/field.tsx';
import { formProps, inputProps, useServerForm, type FormReply } from '#app/ui/form.ts';

type Props = { id: string; phoneNumber: string; lastResult: FormReply | undefined; label: string; submitLabel: string; placeholder?: string };

/** "Your phone number" and a button that sends a code to it: the member and the staff sign-in. */
export function PhoneForm({ id, phoneNumber, lastResult, label, submitLabel, placeholder }: Props) {
  const busy = useNavigation().state === 'submitting';
  const [form, fields] = useServerForm({ id, fields: ['phoneNumber'], lastResult, defaultValue: { phoneNumber } });
  const phone = fields.phoneNumber;
  return (
    <Form method="post" {...formProps(form)} className="stack">
      <div className="field">
        <label htmlFor={phone.id}>{label}</label>
        <input
          {...inputProps(phone, 'tel')}
          inputMode="tel"
          autoComplete="tel-national"
          placeholder={placeholder}
          aria-describedby={phone.errors ? phone.errorId : undefined}
          className="input input-large"
        />
        <FieldErrors id={phone.errorId} errors={phone.errors} />
      </div>
      <FormErrors errors={form.errors} />
      <button type="submit" className="button button-primary button-block" disabled={busy}>
        {submitLabel}
      </button>
    </Form>
  );
}
