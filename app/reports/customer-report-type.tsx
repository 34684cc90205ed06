import { useState } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { HONEYPOT_FIELD, REPORT_PHOTO_FIELD } from '#api/feedback-types.ts';
import { useT } from '#app/i18n.ts';
import type { StringsHandle } from '#app/locales/messages.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { PhotoField } from '#app/ui/photo-field.tsx';
import { submitOnce, UploadProgress, useUploadState, withUploadProgress } from '#app/ui/upload-progress.tsx';
import { CommentField, SendRow, Stars, useFieldErrors } from '#app/feedback/feedback-ui.tsx';
import { clubParam, loadReportClub, reportAction, reportTypeOf } from './reports.server.ts';
import type { Route } from './+types/customer-report-type';

// Issue 16 §1 (ADR 039): one topic's report form, no sign-in, a plain multipart form that works
// without JavaScript: stars, what is wrong, a phone for a call back, one photo; a honeypot field.

export const handle: StringsHandle = { strings: ['feedback'] };

/** The gateway keeps 1600 px (REPORT_PHOTO_SIDE): the browser sends no more. */
const PHOTO_SIDE = 1600;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'feedback.report.title');

export async function loader(args: Route.LoaderArgs) {
  const type = reportTypeOf(args.params.reportType);
  const club = await loadReportClub(args, clubParam(new URL(args.request.url)));
  return { type, club };
}

export const action = (args: Route.ActionArgs) => reportAction(args, reportTypeOf(args.params.reportType));

// With JavaScript a photo goes up through XMLHttpRequest, so the page shows how much has gone (ADR 066).
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => withUploadProgress(serverAction);

export default function CustomerReportType({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const { type, club } = loaderData;
  const uploading = useUploadState().phase !== 'idle';
  const busy = useNavigation().state === 'submitting' || uploading;
  const typed = actionData?.typed;
  const { errors, onChange } = useFieldErrors(actionData?.fieldErrors);
  const [preparing, setPreparing] = useState(false);
  if (!club) {
    return (
      <main className="page report-page">
        <h1>{t(`feedback.types.${type}`)}</h1>
        <p className="notice">{t('feedback.report.noClub')}</p>
        <Link to="/public/customer-report" className="button button-secondary">
          {t('feedback.report.chooseClub')}
        </Link>
      </main>
    );
  }
  return (
    <main className="page report-page">
      <p className="eyebrow">{club.name}</p>
      <h1>{t(`feedback.types.${type}`)}</h1>
      <Form
        method="post"
        encType="multipart/form-data"
        className="report-form"
        noValidate
        onChange={onChange}
        onSubmit={submitOnce}
      >
        <input type="hidden" name="clubId" value={club.id} />
        <Stars id="report-rate" value={typed?.rate} error={errors.rate} />
        <CommentField
          id="report-comment"
          label={t('feedback.comment')}
          defaultValue={typed?.comment}
          required
          error={errors.comment}
        />
        <div className="field">
          <label htmlFor="report-phone">{t('feedback.report.phone')}</label>
          <input
            id="report-phone"
            name="phoneNumber"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            className="input"
            defaultValue={typed?.phoneNumber ?? ''}
            aria-invalid={errors.phoneNumber ? true : undefined}
            aria-describedby={`report-phone-hint${errors.phoneNumber ? ' report-phone-error' : ''}`}
          />
          <p id="report-phone-hint" className="hint">
            {t('feedback.report.phoneHint')}
          </p>
          {errors.phoneNumber ? (
            <p id="report-phone-error" className="field-error" role="alert">
              {errors.phoneNumber}
            </p>
          ) : null}
        </div>
        {/* With JavaScript a phone's 5–15 MB picture goes as a JPEG of 1600 px (a slow connection); without, as it is. */}
        <PhotoField
          idPrefix="report"
          name={REPORT_PHOTO_FIELD}
          label={t('feedback.report.photo')}
          hint={t('feedback.report.photoHint')}
          error={errors[REPORT_PHOTO_FIELD]}
          maxSide={PHOTO_SIDE}
          onPreparing={setPreparing}
        />
        {/* The honeypot: off-screen and out of the tab order, so only a bot fills it. */}
        <div className="report-honeypot" aria-hidden="true">
          <label htmlFor="report-website">{t('feedback.report.honeypot')}</label>
          <input
            id="report-website"
            name={HONEYPOT_FIELD}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>
        <SendRow formError={actionData?.formError} busy={busy || preparing} label={t('feedback.send')} />
        <UploadProgress processingLabel={t('upload.processing')} />
      </Form>
      <p>
        <Link to={`/public/customer-report?club=${String(club.id)}`} className="link">
          {t('feedback.report.changeType')}
        </Link>
      </p>
    </main>
  );
}
