import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Form, Link, redirect, useNavigation } from 'react-router';
import { otpSentSchema, profileSchema, verifyOtpForm } from '#contract/auth.ts';
import { formatPhone } from '#app/auth.server.ts';
import { BackLink } from '#app/components/account-ui.tsx';
import { errorText } from '#app/components/field.tsx';
import { OtpInput } from '#app/components/otp-input.tsx';
import { GatewayError, gatewayClient } from '#app/gateway.server.ts';
import { useCountdown, useHydrated } from '#app/hooks.ts';
import { useT } from '#app/i18n.ts';
import { pageMeta } from '#app/meta.ts';
import { getT } from '#app/middleware/i18n.server.ts';
import { flashToast, getSession, rememberOtpSent } from '#app/session.server.ts';
import type { Route } from './+types/account.information.change-phone.verify';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'account.changePhone.verifyTitle');

const START = '/account/information/change-phone';

export function loader({ context }: Route.LoaderArgs) {
  const session = getSession(context);
  const phone = session.get('otpPhone');
  if (!phone) throw redirect(START);
  const resendAt = session.get('otpResendAt') ?? 0;
  return { phone: formatPhone(phone), resendIn: Math.max(0, Math.ceil((resendAt - Date.now()) / 1000)), resendAt };
}

/** Step 2: the code proves the new number; the token stays valid, so the member stays signed in. */
export async function action(args: Route.ActionArgs) {
  const session = getSession(args.context);
  const phoneNumber = session.get('otpPhone');
  if (!phoneNumber) throw redirect(START);
  const formData = await args.request.formData();
  const call = gatewayClient(args);

  if (formData.get('intent') === 'resend') {
    try {
      const sent = await call('/api/v1/auth/otp/send/phone-number/new', otpSentSchema, { json: { phoneNumber } });
      rememberOtpSent(session, sent.data);
      flashToast(session, { kind: 'success', text: sent.message });
      return { result: undefined, resendError: undefined };
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      return { result: undefined, resendError: error.text };
    }
  }

  const submission = parseWithZod(formData, { schema: verifyOtpForm });
  if (submission.status !== 'success') return { result: submission.reply({ hideFields: ['otp'] }), resendError: undefined };
  try {
    const changed = await call('/api/v1/auth/account/phone-number/change', profileSchema, {
      method: 'PUT',
      json: { phoneNumber, otp: submission.value.otp },
    });
    session.unset('otpPhone');
    session.unset('otpResendAt');
    flashToast(session, { kind: 'success', text: changed.message });
    throw redirect('/account');
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    const attemptsLeft = (error.data as { attemptsLeft?: number } | undefined)?.attemptsLeft;
    const text = attemptsLeft ? `${error.text} ${getT(args.context)('verify.attemptsLeft', { count: attemptsLeft })}` : error.text;
    return { result: submission.reply({ formErrors: [text], hideFields: ['otp'] }), resendError: undefined };
  }
}

export default function ChangePhoneVerify({ loaderData, actionData }: Route.ComponentProps) {
  const { t, lang } = useT();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const hydrated = useHydrated();
  const resendIn = useCountdown(loaderData.resendIn, loaderData.resendAt);
  const [form, fields] = useForm({
    id: 'change-phone-verify',
    lastResult: navigation.state === 'idle' ? actionData?.result : undefined,
  });
  const errors = [...(fields.otp.errors ?? []), ...(form.errors ?? [])];
  return (
    <main className="page">
      <BackLink to={START} label={t('account.changePhone.title')} />
      <h1>{t('account.changePhone.verifyTitle')}</h1>
      <p className="lead">{t('verify.sentTo', { phone: loaderData.phone })}</p>
      <Form method="post" {...getFormProps(form)} className="stack">
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
              {errors.map((e) => errorText(e, lang)).join(' ')}
            </p>
          ) : null}
        </fieldset>
        <button type="submit" name="intent" value="verify" className="button button-primary button-block" disabled={busy}>
          {t('account.changePhone.confirm')}
        </button>
      </Form>
      <Form method="post" className="resend">
        {/* Without JavaScript the button stays usable: the gateway enforces the 30 s rule and says so. */}
        <button type="submit" name="intent" value="resend" className="button button-link" disabled={hydrated && resendIn > 0}>
          {resendIn > 0 ? t('verify.resendIn', { seconds: resendIn }) : t('verify.resend')}
        </button>
        {actionData?.resendError ? (
          <p className="field-error center" role="alert">
            {actionData.resendError}
          </p>
        ) : null}
      </Form>
      <p className="center">
        <Link to={START} className="link">
          {t('account.changePhone.otherNumber')}
        </Link>
      </p>
    </main>
  );
}
