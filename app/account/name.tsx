import { parseWithZod } from '@conform-to/zod/v4';
import { Form, Link, redirect, useNavigation } from 'react-router';
import { nameForm } from '#api/auth.ts';
import { safeRedirectPath } from '#app/auth/auth.server.ts';
import { profileView, tryLoad } from './account.server.ts';
import { LoadFailed } from '#app/ui/load-failed.tsx';
import { FormErrors, TextField } from '#app/ui/field.tsx';
import { formProps, useServerForm } from '#app/ui/form.ts';
import { GatewayError, gatewayClient } from '#app/server/gateway.server.ts';
import { localizedReply, readForm } from '#app/server/form.server.ts';
import { getLang, getT } from '#app/server/i18n.server.ts';
import { flashToast, getSession } from '#app/server/session.server.ts';
import { useT } from '#app/i18n.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { shellOnly } from '#app/server/member-read.server.ts';
import type { Route } from './+types/name';
import type { ShellHandle } from '#app/shell/handle.ts';
import { authEndpoints } from '#api/endpoints/auth.ts';

// Issue 37 §6: the member's full name, asked where it is first needed: right after sign-up (the
// sign-up leads here, skippable) and before a step that needs it (`?next=` that step).
export const handle: ShellHandle = { strings: ['account'] };

/** No screen read: the layout reads the member shell alone, the page its own data (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [shellOnly];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'account.name.title');

const nextOf = (request: Request) => safeRedirectPath(new URL(request.url).searchParams.get('next'));

export async function loader(args: Route.LoaderArgs) {
  const profile = await tryLoad(async () => profileView((await gatewayClient(args)(authEndpoints.profile)).data));
  return { profile, next: nextOf(args.request) };
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const submission = parseWithZod(await readForm(request), { schema: nameForm });
  if (submission.status !== 'success') return { result: localizedReply(submission.reply(), getLang(context)) };
  const call = gatewayClient(args);
  try {
    // The profile's one update carries the email too: the name alone must not clear it.
    const { email } = (await call(authEndpoints.profile)).data;
    await call(authEndpoints.updateProfile, {
      json: { fullName: submission.value.fullName, email: email ?? undefined },
    });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    const fieldErrors = error.fieldErrors;
    return {
      result: localizedReply(
        submission.reply(fieldErrors ? { fieldErrors } : { formErrors: [error.text] }),
        getLang(context),
      ),
    };
  }
  flashToast(getSession(context), { kind: 'success', text: getT(context)('account.name.saved') });
  throw redirect(nextOf(request));
}

export default function YourName({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const { profile, next } = loaderData;
  const [form, fields] = useServerForm({
    id: 'your-name',
    fields: ['fullName'],
    lastResult: navigation.state === 'idle' ? actionData?.result : undefined,
    defaultValue: { fullName: profile.ok ? profile.value.fullName : '' },
  });
  return (
    <main className="page">
      <h1>{t('account.name.title')}</h1>
      <p className="lead">{t('account.name.lead')}</p>
      {profile.ok ? null : <LoadFailed message={profile.message} retryTo="/account/name" />}
      <Form method="post" {...formProps(form)} className="stack">
        <TextField
          field={fields.fullName}
          label={t('account.information.fullName')}
          hint={t('account.name.hint')}
          autoComplete="name"
        />
        <FormErrors id={form.errorId} errors={form.errors} />
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {busy ? t('account.saving') : t('account.name.save')}
        </button>
        <Link to={next} className="button button-secondary button-block">
          {t('account.name.later')}
        </Link>
      </Form>
    </main>
  );
}
