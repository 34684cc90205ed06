import { parseWithZod } from '@conform-to/zod/v4';
import { staffEndpoints } from '#api/endpoints/staff.ts';
import { redirect } from 'react-router';
import { verifyOtpForm } from '#api/auth.ts';
import { formatPhone } from '#app/auth/auth.server.ts';
import { OtpStep } from '#app/auth/otp-step.tsx';
import { otpStepData, refusedCodeText, resendCode } from '#app/auth/otp.server.ts';
import { useT } from '#app/i18n.ts';
import type { StringsHandle } from '#app/locales/messages.ts';
import { localizedReply, readForm } from '#app/server/form.server.ts';
import { GatewayError } from '#app/server/gateway.server.ts';
import { getLang } from '#app/server/i18n.server.ts';
import { flashToast, getSession } from '#app/server/session.server.ts';
import { pageMeta } from '#app/ui/meta.ts';
import type { Route } from './+types/verify-otp';
import { getStaffSession, staffGateway } from './staff-session.server.ts';

/** The string parts this page uses besides the frame's (ADR 030): the code step's. */
export const handle: StringsHandle = { strings: ['auth'] };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'staff.login.verifyTitle');

export function loader({ context }: Route.LoaderArgs) {
  const session = getStaffSession(context);
  if (session.get('token')) throw redirect('/staff');
  const phone = session.get('otpPhone');
  if (!phone) throw redirect('/staff/login');
  return otpStepData(formatPhone(phone), session.get('otpResendAt') ?? 0);
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const session = getStaffSession(context);
  const phoneNumber = session.get('otpPhone');
  if (!phoneNumber) throw redirect('/staff/login');
  const formData = await readForm(request);
  const call = staffGateway(args);
  if (formData.get('intent') === 'resend') {
    return resendCode(args, staffEndpoints.otpSend, phoneNumber, {
      call,
      remember: (sent) => session.set('otpResendAt', Date.now() + sent.resendAfterSeconds * 1000),
    });
  }
  const submission = parseWithZod(formData, { schema: verifyOtpForm });
  if (submission.status !== 'success')
    return {
      result: localizedReply(submission.reply({ hideFields: ['otp'] }), getLang(context)),
      resendError: undefined,
    };
  try {
    const grant = await call(staffEndpoints.otpLogin, {
      json: { phoneNumber, otp: submission.value.otp },
    });
    session.unset('otpPhone');
    session.unset('otpResendAt');
    session.set('token', grant.data.accessToken);
    session.set('accountType', grant.data.accountType);
    session.set('fullName', grant.data.fullName);
    session.set('clubId', grant.data.clubId);
    flashToast(getSession(context), { kind: 'success', text: grant.message });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    return {
      result: localizedReply(
        submission.reply({ formErrors: [refusedCodeText(error, context)], hideFields: ['otp'] }),
        getLang(context),
      ),
      resendError: undefined,
    };
  }
  throw redirect('/staff');
}

export default function StaffVerifyOtp({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  return (
    <main className="page staff-narrow">
      <h1>{t('staff.login.verifyTitle')}</h1>
      <OtpStep
        id="staff-verify-otp"
        {...loaderData}
        actionData={actionData}
        submitLabel={t('staff.login.verifySubmit')}
        back={{ to: '/staff/login', label: t('staff.login.changePhone') }}
      />
    </main>
  );
}
