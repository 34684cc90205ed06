import { parseWithZod } from '@conform-to/zod/v4';
import { staffEndpoints } from '#api/endpoints/staff.ts';
import { redirect } from 'react-router';
import { loginForm } from '#api/auth.ts';
import { Codes } from '#api/codes.ts';
import { useT } from '#app/i18n.ts';
import { localizedReply, readForm } from '#app/server/form.server.ts';
import { GatewayError } from '#app/server/gateway.server.ts';
import { getLang } from '#app/server/i18n.server.ts';
import { PhoneForm } from '#app/auth/phone-form.tsx';
import { pageMeta } from '#app/ui/meta.ts';
import type { Route } from './+types/login';
import { getStaffSession, staffGateway } from './staff-session.server.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'staff.login.title');

export function loader({ context }: Route.LoaderArgs) {
  const session = getStaffSession(context);
  if (session.get('token')) throw redirect('/staff');
  return { phoneNumber: session.get('otpPhone') ?? '' };
}

/** Issue 17 §1: a code to a staff or trainer phone (a member's or an unknown phone answers 200, ADR 012). */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const submission = parseWithZod(await readForm(request), { schema: loginForm });
  if (submission.status !== 'success') return { result: localizedReply(submission.reply(), getLang(context)) };
  const { phoneNumber } = submission.value;
  const session = getStaffSession(context);
  try {
    const { data: sent } = await staffGateway(args)(staffEndpoints.otpSend, {
      json: { phoneNumber },
    });
    session.set('otpResendAt', Date.now() + sent.resendAfterSeconds * 1000);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    // A code sent moments ago to this same phone is still good: go and type it.
    if (!(error.code === Codes.LIMIT_30_SECONDS && session.get('otpPhone') === phoneNumber)) {
      return {
        result: localizedReply(submission.reply({ fieldErrors: { phoneNumber: [error.text] } }), getLang(context)),
      };
    }
  }
  session.set('otpPhone', phoneNumber);
  throw redirect('/staff/verify-otp');
}

export default function StaffLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  return (
    <main className="page staff-narrow">
      <h1>{t('staff.login.title')}</h1>
      <p className="lead">{t('staff.login.lead')}</p>
      <PhoneForm
        id="staff-login"
        phoneNumber={loaderData.phoneNumber}
        lastResult={actionData?.result}
        label={t('staff.login.phone')}
        submitLabel={t('staff.login.submit')}
      />
      <p className="center">
        <a className="link" href="/landing">
          {t('staff.login.memberApp')}
        </a>
      </p>
    </main>
  );
}
