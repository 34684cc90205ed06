import { Form, Link, useNavigation } from 'react-router';
import { useT } from '#app/i18n.ts';
import { memberShell, shellOnly } from '#app/server/member-read.server.ts';
import type { ShellHandle } from '#app/shell/handle.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { RatingForm } from './rating-form.tsx';
import { ratingAction, safeReturnTo } from './ratings.server.ts';
import { ratingPromptView } from './rating-prompt.server.ts';
import { getLang } from '#app/server/i18n.server.ts';
import type { Route } from './+types/rating';

// Issue 16 §2 (ADR 039): the rating prompt as a plain page (JavaScript off: the banner leads here),
// and the target of the dialog's form. The pending request comes with the page's shell read.

export const handle: ShellHandle = { strings: ['feedback'], back: { to: '/home', label: 'nav.home' } };

/** No screen read: the pending rating comes in the member shell, read once for the layout and the page (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [shellOnly];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'feedback.rating.title');

export async function loader(args: Route.LoaderArgs) {
  const shell = await memberShell(args);
  const pending = shell.pendingRating;
  const returnTo = safeReturnTo(new URL(args.request.url).searchParams.get('returnTo') ?? '/home');
  return { returnTo, prompt: pending ? ratingPromptView(pending, getLang(args.context)) : null };
}

export const action = (args: Route.ActionArgs) => ratingAction(args);

export default function RatingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const busy = useNavigation().state === 'submitting';
  const { prompt } = loaderData;
  const returnTo = actionData?.returnTo ?? loaderData.returnTo;
  return (
    <main className="page">
      <h1>{t('feedback.rating.title')}</h1>
      {prompt ? (
        <>
          <p className="rating-question">{t('feedback.rating.question', { plan: prompt.plan, club: prompt.club })}</p>
          <RatingForm
            as={Form}
            ratingId={prompt.id}
            returnTo={returnTo}
            texts={{
              send: t('feedback.send'),
              dismiss: t('feedback.rating.dismiss'),
              comment: t('feedback.rating.comment'),
            }}
            typed={actionData}
            errors={actionData?.fieldErrors}
            busy={busy}
          />
          {actionData?.formError ? (
            <p className="form-error" role="alert">
              {actionData.formError}
            </p>
          ) : null}
        </>
      ) : (
        <p className="muted">
          {t('feedback.rating.none')}{' '}
          <Link to={returnTo} className="link">
            {t('nav.home')}
          </Link>
        </p>
      )}
    </main>
  );
}
