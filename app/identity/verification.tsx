import { useState } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import {
  ID_BACK_FIELD,
  ID_FRONT_FIELD,
  ID_PHOTO_SIDE,
  RECOGNITION_TYPE_FIELD,
  RecognitionTypes,
  type DocumentType,
} from '#api/identity-fields.ts';
import { useT } from '#app/i18n.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { PhotoField } from '#app/ui/photo-field.tsx';
import { submitOnce, UploadProgress, useUploadState, withUploadProgress } from '#app/ui/upload-progress.tsx';
import { tryLoad } from '#app/account/account.server.ts';
import { LoadFailed } from '#app/ui/load-failed.tsx';
import type { ShellHandle } from '#app/shell/handle.ts';
import { IdentityFacts } from './identity-ui.tsx';
import { identityRows, loadIdentity, verificationAction } from './identity.server.ts';
import { shellOnly } from '#app/server/member-read.server.ts';
import type { Route } from './+types/verification';

// Issue 16 §3 (ADR 040): the member photographs an ID card (front and back) or a passport's photo
// page; the gateway reads and checks it. A plain multipart form: it works without JavaScript; with
// it, each photo is shrunk in the browser first (a 10 MB phone picture becomes a few hundred KB).

export const handle: ShellHandle = { strings: ['account'], back: { to: '/account', label: 'account.title' } };

/** No screen read: the layout reads the member shell alone, the page its own data (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [shellOnly];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'account.verification.title');

export async function loader(args: Route.LoaderArgs) {
  return tryLoad(async () => {
    const identity = await loadIdentity(args);
    return identity ? identityRows(identity) : null;
  });
}

export const action = (args: Route.ActionArgs) => verificationAction(args);

// With JavaScript the photos go up through XMLHttpRequest, so the page shows how much has gone (ADR 066).
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => withUploadProgress(serverAction);

const documentTypes: DocumentType[] = ['ID_CARD', 'PASSPORT'];

export default function Verification({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const uploading = useUploadState().phase !== 'idle';
  const busy = useNavigation().state === 'submitting' || uploading;
  const [documentType, setDocumentType] = useState<DocumentType>(actionData?.documentType ?? 'ID_CARD');
  const [preparing, setPreparing] = useState(0);
  const onPreparing = (start: boolean) => setPreparing((n) => n + (start ? 1 : -1));
  const errors = actionData?.fieldErrors ?? {};

  if (!loaderData.ok) {
    return (
      <main className="page">
        <h1>{t('account.verification.title')}</h1>
        <LoadFailed message={loaderData.message} retryTo="/account/verification" />
      </main>
    );
  }
  if (loaderData.value) {
    return (
      <main className="page">
        <h1>{t('account.verification.title')}</h1>
        <p className="notice verified-notice">{t('account.verification.alreadyVerified')}</p>
        <IdentityFacts rows={loaderData.value} />
      </main>
    );
  }
  return (
    <main className="page verification">
      <h1>{t('account.verification.title')}</h1>
      <p>{t('account.verification.intro')}</p>
      <Form method="post" encType="multipart/form-data" className="verification-form" noValidate onSubmit={submitOnce}>
        <fieldset className="field">
          <legend>{t('account.verification.typeLabel')}</legend>
          <div className="topic-choices">
            {documentTypes.map((type) => (
              <label key={type} className="topic-choice">
                <input
                  type="radio"
                  name={RECOGNITION_TYPE_FIELD}
                  value={RecognitionTypes[type]}
                  checked={documentType === type}
                  onChange={() => setDocumentType(type)}
                />
                <span>{t(`account.verification.types.${type}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <PhotoField
          capture="environment"
          idPrefix="verification"
          name={ID_FRONT_FIELD}
          label={t(documentType === 'PASSPORT' ? 'account.verification.passportPage' : 'account.verification.front')}
          hint={t(documentType === 'PASSPORT' ? 'account.verification.passportHint' : 'account.verification.frontHint')}
          error={errors[ID_FRONT_FIELD]}
          maxSide={ID_PHOTO_SIDE}
          onPreparing={onPreparing}
        />
        {/* Without JavaScript both stay on screen: the back is ignored for a passport. */}
        <div hidden={documentType === 'PASSPORT'}>
          <PhotoField
            capture="environment"
            idPrefix="verification"
            name={ID_BACK_FIELD}
            maxSide={ID_PHOTO_SIDE}
            label={t('account.verification.back')}
            hint={t('account.verification.backHint')}
            error={errors[ID_BACK_FIELD]}
            onPreparing={onPreparing}
          />
        </div>
        {actionData?.formError ? (
          <div className="form-error" role="alert">
            <p>{actionData.formError}</p>
            {actionData.photoProblem ? <p>{t('account.verification.chooseAgain')}</p> : null}
          </div>
        ) : null}
        <section className="notice verification-tips" aria-labelledby="verification-tips">
          <h2 id="verification-tips" className="section-title">
            {t('account.verification.tipsTitle')}
          </h2>
          <ul>
            <li>{t('account.verification.tipFrame')}</li>
            <li>{t('account.verification.tipGlare')}</li>
            <li>{t('account.verification.tipSharp')}</li>
          </ul>
        </section>
        <p className="hint">{t('account.verification.privacy')}</p>
        <button
          type="submit"
          className="button button-primary button-block"
          disabled={busy || preparing > 0}
          aria-busy={busy || undefined}
        >
          {busy ? t('account.verification.reading') : t('account.verification.submit')}
        </button>
        <UploadProgress processingLabel={t('upload.processing')} />
      </Form>
      <p>
        <Link to="/account/privacy" className="link">
          {t('account.links.privacy')}
        </Link>
      </p>
    </main>
  );
}
