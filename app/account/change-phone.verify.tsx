import { parseWithZod } from '@conform-to/zod/v4';
import { getLang } from '#app/server/i18n.server.ts';
import { redirect } from 'react-router';
import { verifyOtpForm } from '#api/auth.ts';
import { formatPhone } from '#app/auth/auth.server.ts';
import { OtpStep } from '#app/auth/otp-step.tsx';
import { GatewayError, gatewayClient } from '#app/server/gateway.server.ts';
import { useT } from '#app/i18n.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { otpStepData, refusedCodeText, resendCode } from '#app/auth/otp.server.ts';
import { flashToast, getSession } from '#app/server/session.server.ts';
import { shellOnly } from '#app/server/member-read.server.ts';
import type { Route } from './+types/change-phone.verify';
import type { ShellHandle } from '#app/shell/handle.ts';
import { readForm, localizedReply } from '#app/server/form.server.ts';
import { authEndpoints } from '#api/endpoints/auth.ts';

export const handle: ShellHandle = {
  strings: ['account', 'auth'],
  back: { to: '/account/information/change-phone', label: 'account.changePhone.title' },
};

/** No screen read: the layout reads the member shell alone, the page its own data (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [shellOnly];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'account.changePhone.verifyTitle');

const START = '/account/information/change-phone';

export function loader({ context }: Route.LoaderArgs) {
  const session = getSession(context);
  const phone = session.get('otpPhone');
  if (!phone) throw redirect(START);
  return otpStepData(formatPhone(phone), session.get('otpResendAt') ?? 0);
}

/** Step 2: the code proves the new number; the token stays valid, so the member stays signed in. */
export async function action(args: Route.ActionArgs) {
  const session = getSession(args.context);
  const phoneNumber = session.get('otpPhone');
  if (!phoneNumber) throw redirect(START);
  const formData = await readForm(args.request);
  if (formData.get('intent') === 'resend') return resendCode(args, authEndpoints.sendNewPhoneOtp, phoneNumber);

  const submission = parseWithZod(formData, { schema: verifyOtpForm });
  if (submission.status !== 'success')
    return {
      result: localizedReply(submission.reply({ hideFields: ['otp'] }), getLang(args.context)),
      resendError: undefined,
    };
  try {
    const changed = await gatewayClient(args)(authEndpoints.changePhone, {
      json: { phoneNumber, otp: submission.value.otp },
    });
    session.unset('otpPhone');
    session.unset('otpResendAt');
    flashToast(session, { kind: 'success', text: changed.message });
    throw redirect('/account');
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    const text = refusedCodeText(error, args.context);
    return {
      result: localizedReply(submission.reply({ formErrors: [text], hideFields: ['otp'] }), getLang(args.context)),
      resendError: undefined,
    };
  }
}

export default function ChangePhoneVerify({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  return (
    <main className="page">
      <h1>{t('account.changePhone.verifyTitle')}</h1>
      <OtpStep
        id="change-phone-verify"
        {...loaderData}
        actionData={actionData}
        submitLabel={t('account.changePhone.confirm')}
        back={{ to: START, label: t('account.changePhone.otherNumber') }}
      />
    </main>
  );
}
