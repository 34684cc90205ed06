import { useEffect, useRef } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { useCountdown, useHydrated } from '#app/ui/hooks.ts';
import { useT } from '#app/i18n.ts';
import { formProps, useServerForm, type FormReply } from '#app/ui/form.ts';
import { OtpInput } from './otp-input.tsx';

type Props = {
  id: string;
  /** Already formatted for reading. */
  phone: string;
  resendIn: number;
  resendAt: number;
  actionData?: { result?: FormReply; resendError?: string };
  submitLabel: string;
  back: { to: string; label: string };
};

/**
 * "We sent a code to …": the four boxes, a confirm button, a resend button that counts down the
 * gateway's wait, and a way back. Sign-in and the phone change both use it.
 */
export function OtpStep({ id, phone, resendIn: wait, resendAt, actionData, submitLabel, back }: Props) {
  const { t } = useT();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const hydrated = useHydrated();
  const resendIn = useCountdown(wait, resendAt);
  const [form, fields] = useServerForm({
    id,
    fields: ['otp'],
    lastResult: navigation.state === 'idle' ? actionData?.result : undefined,
  });
  const errors = [...(fields.otp.errors ?? []), ...(form.errors ?? [])];
  // One code, one submission: a tap on Confirm right after the 4th digit auto-submitted (or an SMS
  // autofill) used to send the spent code again, and that refused second answer won the navigation.
  const inFlight = useRef(false);
  useEffect(() => {
    if (navigation.state === 'idle') inFlight.current = false;
  }, [navigation.state]);
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    if (inFlight.current) return event.preventDefault();
    inFlight.current = true;
  };
  return (
    <>
      <p className="lead">{t('verify.sentTo', { phone })}</p>
      <Form method="post" {...formProps(form)} onSubmit={onSubmit} className="stack">
        <fieldset className="field">
          <legend className="label">{t('verify.code')}</legend>
          <OtpInput
            name="otp"
            length={4}
            label={(n) => t('verify.digit', { n })}
            invalid={errors.length > 0}
            describedBy={errors.length ? form.errorId : undefined}
            resetKey={actionData?.result}
          />
          {errors.length ? (
            <p id={form.errorId} className="field-error" role="alert">
              {errors.join(' ')}
            </p>
          ) : null}
        </fieldset>
        <button
          type="submit"
          name="intent"
          value="verify"
          className="button button-primary button-block"
          disabled={busy}
        >
          {submitLabel}
        </button>
      </Form>
      <Form method="post" className="resend">
        {/* Without JavaScript the button stays usable: the gateway enforces the 30 s rule and says so. */}
        <button
          type="submit"
          name="intent"
          value="resend"
          className="button button-link"
          disabled={hydrated && resendIn > 0}
        >
          {resendIn > 0 ? t('verify.resendIn', { seconds: resendIn }) : t('verify.resend')}
        </button>
        {actionData?.resendError ? (
          <p className="field-error center" role="alert">
            {actionData.resendError}
          </p>
        ) : null}
      </Form>
      <p className="center">
        <Link to={back.to} className="link">
          {back.label}
        </Link>
      </p>
    </>
  );
}
