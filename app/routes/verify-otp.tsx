import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Form, Link, redirect, useNavigation } from 'react-router';
import { otpSentSchema, phoneVerifiedSchema, sessionGrantSchema, verifyOtpForm } from '#contract/auth.ts';
import { Codes } from '#contract/codes.ts';
import { formatPhone, redirectIfSignedIn, startMemberSession } from '#app/auth.server.ts';
import { errorText } from '#app/components/field.tsx';
import { OtpInput } from '#app/components/otp-input.tsx';
import { GatewayError, gatewayClient } from '#app/gateway.server.ts';
import { useCountdown, useHydrated } from '#app/hooks.ts';
import { getT } from '#app/middleware/i18n.server.ts';
import { flashToast, getSession, rememberOtpSent } from '#app/session.server.ts';
import type { Route } from './+types/verify-otp';
import { useT } from '#app/i18n.ts';
import { pageMeta } from '#app/meta.ts';


export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'verify.title');

export function loader({ context }: Route.LoaderArgs) {
  redirectIfSignedIn(context);
  const session = getSession(context);
  const phone = session.get('otpPhone');
  if (!phone) throw redirect('/login');
  const resendAt = session.get('otpResendAt') ?? 0;
  return { phone: formatPhone(phone), resendIn: Math.max(0, Math.ceil((resendAt - Date.now()) / 1000)), resendAt };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = getSession(context);
  const phoneNumber = session.get('otpPhone');
  if (!phoneNumber) throw redirect('/login');
  const formData = await request.formData();
  const call = gatewayClient({ request, context });

  if (formData.get('intent') === 'resend') {
    try {
      const sent = await call('/api/v1/auth/otp/send', otpSentSchema, { json: { phoneNumber } });
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
    const grant = await call('/api/v1/auth/otp/login', sessionGrantSchema, {
      json: { phoneNumber, otp: submission.value.otp },
    });
    startMemberSession(session, grant.data);
    flashToast(session, { kind: 'success', text: grant.message });
    throw redirect('/home');
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    if (error.code === Codes.PHONE_NOT_FOUND) {
      const { verifyToken } = phoneVerifiedSchema.parse(error.data);
      session.set('verifyToken', verifyToken);
      throw redirect('/sign-up');
    }
    const attemptsLeft = (error.data as { attemptsLeft?: number } | undefined)?.attemptsLeft;
    const t = getT(context);
    const text = attemptsLeft ? `${error.text} ${t('verify.attemptsLeft', { count: attemptsLeft })}` : error.text;
    return { result: submission.reply({ formErrors: [text], hideFields: ['otp'] }), resendError: undefined };
  }
}

export default function VerifyOtp({ loaderData, actionData }: Route.ComponentProps) {
  const { t, lang } = useT();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const hydrated = useHydrated();
  const resendIn = useCountdown(loaderData.resendIn, loaderData.resendAt);
  const [form, fields] = useForm({
    id: 'verify-otp',
    lastResult: navigation.state === 'idle' ? actionData?.result : undefined,
  });
  const errors = [...(fields.otp.errors ?? []), ...(form.errors ?? [])];
  return (
    <main className="page">
      <h1>{t('verify.title')}</h1>
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
          {t('verify.submit')}
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
        <Link to="/login" className="link">
          {t('verify.changePhone')}
        </Link>
      </p>
    </main>
  );
}
