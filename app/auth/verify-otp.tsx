import { parseWithZod } from '@conform-to/zod/v4';
import { getLang } from '#app/server/i18n.server.ts';
import { redirect } from 'react-router';
import { phoneVerifiedSchema, verifyOtpForm } from '#api/auth.ts';
import { Codes, messageForCode } from '#api/codes.ts';
import { formatPhone, redirectIfSignedIn, startMemberSession } from './auth.server.ts';
import { OtpStep } from './otp-step.tsx';
import { GatewayError, gatewayClient } from '#app/server/gateway.server.ts';
import { otpStepData, refusedCodeText, resendCode } from './otp.server.ts';
import { flashToast, getSession, rememberDevice } from '#app/server/session.server.ts';
import type { Route } from './+types/verify-otp';
import { useT } from '#app/i18n.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { readForm, localizedReply } from '#app/server/form.server.ts';
import type { StringsHandle } from '#app/locales/messages.ts';
import { authEndpoints } from '#api/endpoints/auth.ts';

/** The string parts this page uses (ADR 030). */
export const handle: StringsHandle = { strings: ['auth'] };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'verify.title');

export function loader({ context }: Route.LoaderArgs) {
  redirectIfSignedIn(context);
  const session = getSession(context);
  const phone = session.get('otpPhone');
  if (!phone) throw redirect('/login');
  return otpStepData(formatPhone(phone), session.get('otpResendAt') ?? 0);
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = getSession(context);
  const phoneNumber = session.get('otpPhone');
  if (!phoneNumber) throw redirect('/login');
  const formData = await readForm(request);
  const call = gatewayClient({ request, context });

  if (formData.get('intent') === 'resend') return resendCode({ request, context }, authEndpoints.sendOtp, phoneNumber);

  const submission = parseWithZod(formData, { schema: verifyOtpForm });
  if (submission.status !== 'success')
    return {
      result: localizedReply(submission.reply({ hideFields: ['otp'] }), getLang(context)),
      resendError: undefined,
    };
  try {
    const grant = await call(authEndpoints.login, {
      json: { phoneNumber, otp: submission.value.otp },
    });
    startMemberSession(session, grant.data);
    rememberDevice(context, grant.data.deviceToken);
    // In the account's own language, which this sign-in has just made the session's (issue 10 §15).
    flashToast(session, { kind: 'success', text: messageForCode(grant.code, grant.data.profile.lang) });
    throw redirect('/home');
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    if (error.code === Codes.PHONE_NOT_FOUND) {
      const { verifyToken } = phoneVerifiedSchema.parse(error.data);
      session.set('verifyToken', verifyToken);
      throw redirect('/sign-up');
    }
    const text = refusedCodeText(error, context);
    return {
      result: localizedReply(submission.reply({ formErrors: [text], hideFields: ['otp'] }), getLang(context)),
      resendError: undefined,
    };
  }
}

export default function VerifyOtp({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  return (
    <main className="page">
      <h1>{t('verify.title')}</h1>
      <OtpStep
        id="verify-otp"
        {...loaderData}
        actionData={actionData}
        submitLabel={t('verify.submit')}
        back={{ to: '/login', label: t('verify.changePhone') }}
      />
    </main>
  );
}
