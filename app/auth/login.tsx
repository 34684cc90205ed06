import { parseWithZod } from '@conform-to/zod/v4';
import { getLang } from '#app/server/i18n.server.ts';
import { redirect } from 'react-router';
import { loginForm } from '#api/auth.ts';
import { Codes } from '#api/codes.ts';
import { redirectIfSignedIn } from './auth.server.ts';
import { PhoneForm } from './phone-form.tsx';
import { GatewayError, gatewayClient } from '#app/server/gateway.server.ts';
import { getSession, rememberOtpSent } from '#app/server/session.server.ts';
import type { Route } from './+types/login';
import { useT } from '#app/i18n.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { readForm, localizedReply } from '#app/server/form.server.ts';
import type { StringsHandle } from '#app/locales/messages.ts';
import { authEndpoints } from '#api/endpoints/auth.ts';

/** The string parts this page uses (ADR 030). */
export const handle: StringsHandle = { strings: ['auth'] };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'login.title');

export function loader({ context }: Route.LoaderArgs) {
  redirectIfSignedIn(context);
  return { phoneNumber: getSession(context).get('otpPhone') ?? '' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: loginForm });
  if (submission.status !== 'success') return { result: localizedReply(submission.reply(), getLang(context)) };
  const { phoneNumber } = submission.value;
  const session = getSession(context);
  let sent;
  try {
    ({ data: sent } = await gatewayClient({ request, context })(authEndpoints.sendOtp, {
      json: { phoneNumber },
    }));
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    // A code sent moments ago to this same phone is still good: go and type it.
    if (error.code === Codes.LIMIT_30_SECONDS && session.get('otpPhone') === phoneNumber) throw redirect('/verify-otp');
    return {
      result: localizedReply(submission.reply({ fieldErrors: { phoneNumber: [error.text] } }), getLang(context)),
    };
  }
  session.set('otpPhone', phoneNumber);
  rememberOtpSent(session, sent);
  session.unset('verifyToken');
  throw redirect('/verify-otp');
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  return (
    <main className="page">
      <h1>{t('login.title')}</h1>
      <p className="lead">{t('login.lead')}</p>
      <PhoneForm
        id="login"
        phoneNumber={loaderData.phoneNumber}
        lastResult={actionData?.result}
        label={t('login.phone')}
        submitLabel={t('login.submit')}
        placeholder={t('login.phonePlaceholder')}
      />
    </main>
  );
}
