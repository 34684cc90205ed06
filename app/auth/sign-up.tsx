import { parseWithZod } from '@conform-to/zod/v4';
import { getLang } from '#app/server/i18n.server.ts';
import { Form, redirect, useNavigation } from 'react-router';
import { signUpForm } from '#api/auth.ts';
import { Codes, referralRefusalCodes } from '#api/codes.ts';
import { formatPhone, redirectIfSignedIn, startMemberSession } from './auth.server.ts';
import { FieldErrors, FormErrors, TextField } from '#app/ui/field.tsx';
import { formProps, inputProps, useServerForm } from '#app/ui/form.ts';
import { GatewayError, gatewayClient } from '#app/server/gateway.server.ts';
import { flashToast, getSession, rememberDevice } from '#app/server/session.server.ts';
import type { Route } from './+types/sign-up';
import { useT } from '#app/i18n.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { readForm, localizedReply } from '#app/server/form.server.ts';
import type { StringsHandle } from '#app/locales/messages.ts';
import { authEndpoints } from '#api/endpoints/auth.ts';

/** The string parts this page uses (ADR 030). */
export const handle: StringsHandle = { strings: ['account', 'auth'] };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'signUp.title');

export function loader({ context }: Route.LoaderArgs) {
  redirectIfSignedIn(context);
  const session = getSession(context);
  const phone = session.get('otpPhone');
  if (!phone || !session.get('verifyToken')) throw redirect('/login');
  return { phone: formatPhone(phone) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = getSession(context);
  const phoneNumber = session.get('otpPhone');
  const verifyToken = session.get('verifyToken');
  if (!phoneNumber || !verifyToken) throw redirect('/login');
  const submission = parseWithZod(await readForm(request), { schema: signUpForm });
  if (submission.status !== 'success') return { result: localizedReply(submission.reply(), getLang(context)) };
  try {
    const grant = await gatewayClient({ request, context })(authEndpoints.register, {
      // §5: sign-up sends fullName as a single space; the member names themselves on the next step.
      json: { phoneNumber, verifyToken, fullName: ' ', referralCode: submission.value.referralCode },
    });
    startMemberSession(session, grant.data);
    rememberDevice(context, grant.data.deviceToken);
    flashToast(session, { kind: 'success', text: grant.message });
    // Issue 37 §6: the name is asked at once, on a step of its own that can be skipped.
    throw redirect('/account/name');
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    if (error.code === Codes.OTP_NOT_VALID || error.code === Codes.PHONE_EXISTS) {
      // The ticket is spent or the phone was registered meanwhile: start again from the phone.
      session.unset('verifyToken');
      flashToast(session, { kind: 'error', text: error.text });
      throw redirect('/login');
    }
    // A referral code the gateway refused (unknown, not a member, …): said by its field (issue 10 §7).
    const fieldErrors = referralRefusalCodes.has(error.code) ? { referralCode: [error.text] } : error.fieldErrors;
    return {
      result: localizedReply(
        submission.reply(fieldErrors ? { fieldErrors } : { formErrors: [error.text] }),
        getLang(context),
      ),
    };
  }
}

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const busy = useNavigation().state === 'submitting';
  const [form, fields] = useServerForm({
    id: 'sign-up',
    fields: ['referralCode', 'acceptTerms'],
    lastResult: actionData?.result,
  });
  const { acceptTerms } = fields;
  return (
    <main className="page">
      <h1>{t('signUp.title')}</h1>
      <p className="lead">{t('signUp.lead', { phone: loaderData.phone })}</p>
      <Form method="post" {...formProps(form)} className="stack">
        <TextField
          field={fields.referralCode}
          label={t('signUp.referral')}
          hint={t('signUp.referralHint')}
          inputMode="numeric"
          autoComplete="off"
        />
        <div className="field">
          <label className="check">
            <input
              {...inputProps(acceptTerms, 'checkbox')}
              aria-describedby={acceptTerms.errors ? acceptTerms.errorId : undefined}
            />
            {/* The texts open in a new tab: what was typed here stays (issue 10 §6). */}
            <span>
              {t('signUp.acceptBefore')}
              <a href="/terms" target="_blank" rel="noopener">
                {t('account.links.terms')}
              </a>
              {t('signUp.acceptAnd')}
              <a href="/privacy" target="_blank" rel="noopener">
                {t('account.links.privacy')}
              </a>
              {t('signUp.acceptAfter')}
            </span>
          </label>
          <FieldErrors id={acceptTerms.errorId} errors={acceptTerms.errors} />
        </div>
        <FormErrors errors={form.errors} />
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {t('signUp.submit')}
        </button>
      </Form>
    </main>
  );
}
