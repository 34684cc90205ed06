import { Form, useNavigation } from 'react-router';
import { feedbackTypes } from '#api/feedback-types.ts';
import { useT } from '#app/i18n.ts';
import type { ShellHandle } from '#app/shell/handle.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { CommentField, SendRow, Stars, useFieldErrors } from './feedback-ui.tsx';
import { feedbackAction, loadReportClubs, memberClubId } from './feedback.server.ts';
import { shellOnly } from '#app/server/member-read.server.ts';
import type { Route } from './+types/feedback';

// Issue 16 §1 (ADR 039): a member's feedback on a club, reached from /support. A plain form (PRG, toast).

export const handle: ShellHandle = {
  strings: ['feedback', 'account'],
  back: { to: '/support', label: 'account.links.support' },
};

/** No screen read: the layout reads the member shell alone, the page its own data (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [shellOnly];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'feedback.member.title');

export async function loader(args: Route.LoaderArgs) {
  const [clubs, memberClub] = await Promise.all([loadReportClubs(args), memberClubId(args)]);
  return { clubs, memberClubId: clubs.some((club) => club.id === memberClub) ? String(memberClub) : '' };
}

export const action = (args: Route.ActionArgs) => feedbackAction(args);

export default function FeedbackPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const busy = useNavigation().state === 'submitting';
  const typed = actionData?.typed;
  const { errors, onChange } = useFieldErrors(actionData?.fieldErrors);
  return (
    <main className="page">
      <h1>{t('feedback.member.title')}</h1>
      <p>{t('feedback.member.intro')}</p>
      <Form method="post" className="report-form" noValidate onChange={onChange}>
        <div className="field">
          <label htmlFor="feedback-club">{t('feedback.member.club')}</label>
          <select
            id="feedback-club"
            name="clubId"
            className="input"
            defaultValue={typed?.clubId ?? loaderData.memberClubId}
            aria-invalid={errors.clubId ? true : undefined}
          >
            <option value="">{t('feedback.member.chooseClub')}</option>
            {loaderData.clubs.map((club) => (
              <option key={club.id} value={club.id}>
                {club.name}
              </option>
            ))}
          </select>
          {errors.clubId ? (
            <p className="field-error" role="alert">
              {errors.clubId}
            </p>
          ) : null}
        </div>
        <fieldset className="field">
          <legend>{t('feedback.member.type')}</legend>
          <div className="topic-choices">
            {feedbackTypes.map((type) => (
              <label key={type} className="topic-choice">
                <input type="radio" name="type" value={type} defaultChecked={typed?.type === type} />
                <span>{t(`feedback.types.${type}`)}</span>
              </label>
            ))}
          </div>
          {errors.type ? (
            <p className="field-error" role="alert">
              {errors.type}
            </p>
          ) : null}
        </fieldset>
        <Stars id="feedback-rate" value={typed?.rate} error={errors.rate} />
        <CommentField
          id="feedback-comment"
          label={t('feedback.comment')}
          defaultValue={typed?.comment}
          required
          error={errors.comment}
        />
        <label className="check feedback-anonymous">
          <input
            type="checkbox"
            name="isAnonymous"
            defaultChecked={typed?.isAnonymous}
            aria-describedby="feedback-anonymous-hint"
          />
          <span>{t('feedback.member.anonymous')}</span>
        </label>
        <p id="feedback-anonymous-hint" className="hint">
          {t('feedback.member.anonymousHint')}
        </p>
        <SendRow formError={actionData?.formError} busy={busy} label={t('feedback.send')} />
      </Form>
    </main>
  );
}
