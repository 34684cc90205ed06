import { parseWithZod } from '@conform-to/zod/v4';
import { getLang } from '#app/server/i18n.server.ts';
import { Form, redirect, useNavigation } from 'react-router';
import { loginForm } from '#api/auth.ts';
import { Codes } from '#api/codes.ts';
import { TextField } from '#app/ui/field.tsx';
import { formProps, useServerForm } from '#app/ui/form.ts';
import { GatewayError, gatewayClient } from '#app/server/gateway.server.ts';
import { useT } from '#app/i18n.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { getSession, rememberOtpSent } from '#app/server/session.server.ts';
import { shellOnly } from '#app/server/member-read.server.ts';
import type { Route } from './+types/change-phone';
import type { ShellHandle } from '#app/shell/handle.ts';
import { readForm, localizedReply } from '#app/server/form.server.ts';
import { authEndpoints } from '#api/endpoints/auth.ts';

export const handle: ShellHandle = {
  strings: ['account', 'auth'],
  back: { to: '/account/information', label: 'account.information.title' },
};

/** No screen read: the layout reads the member shell alone, the page its own data (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [shellOnly];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'account.changePhone.title');

// While signed in, the session's otpPhone/otpResendAt (the sign-in flow's, unused now) hold the new number.
export function loader({ context }: Route.LoaderArgs) {
  return { phoneNumber: getSession(context).get('otpPhone') ?? '' };
}

/** Step 1: a code to the new number (ASVS 5.0 7.5.1: the change is proven by OTP). */
export async function action(args: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(args.request), { schema: loginForm });
  if (submission.status !== 'success') return { result: localizedReply(submission.reply(), getLang(args.context)) };
  const { phoneNumber } = submission.value;
  const session = getSession(args.context);
  try {
    const sent = await gatewayClient(args)(authEndpoints.sendNewPhoneOtp, {
      json: { phoneNumber },
    });
    rememberOtpSent(session, sent.data);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    // A code sent moments ago to this same number is still good: go and type it.
    const pending = error.code === Codes.LIMIT_30_SECONDS && session.get('otpPhone') === phoneNumber;
    if (!pending)
      return {
        result: localizedReply(submission.reply({ fieldErrors: { phoneNumber: [error.text] } }), getLang(args.context)),
      };
  }
  session.set('otpPhone', phoneNumber);
  throw redirect('/account/information/change-phone/verify');
}

export default function ChangePhone({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const busy = useNavigation().state === 'submitting';
  const [form, fields] = useServerForm({
    id: 'change-phone',
    fields: ['phoneNumber'],
    lastResult: actionData?.result,
    defaultValue: { phoneNumber: loaderData.phoneNumber },
  });
  return (
    <main className="page">
      <h1>{t('account.changePhone.title')}</h1>
      <p className="lead">{t('account.changePhone.lead')}</p>
      <Form method="post" {...formProps(form)} className="stack">
        <TextField
          field={fields.phoneNumber}
          label={t('account.changePhone.newPhone')}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder={t('login.phonePlaceholder')}
          className="input input-large"
        />
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {t('account.changePhone.submit')}
        </button>
      </Form>
    </main>
  );
}
