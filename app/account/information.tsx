import { parseWithZod } from '@conform-to/zod/v4';
import { localizedReply } from '#app/server/form.server.ts';
import { useEffect, useState, type ChangeEvent } from 'react';
import { Form, Link, redirect, useNavigation } from 'react-router';
import { profileUpdateBody } from '#api/auth.ts';
import { Codes, messageForCode } from '#api/codes.ts';
import { profileView, tryLoad } from './account.server.ts';
import { LoadFailed } from '#app/ui/load-failed.tsx';
import { Avatar } from '#app/ui/avatar.tsx';
import { FieldErrors, FormErrors, TextField } from '#app/ui/field.tsx';
import { formProps, useServerForm } from '#app/ui/form.ts';
import { Icon } from '#app/ui/icons.tsx';
import { GatewayError, gatewayClient } from '#app/server/gateway.server.ts';
import { useT } from '#app/i18n.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { getLang, getT } from '#app/server/i18n.server.ts';
import { flashToast, getSession } from '#app/server/session.server.ts';
import { readBoundedForm } from '#app/server/upload.server.ts';
import {
  prepareUpload,
  submitOnce,
  UploadProgress,
  useUploadState,
  withUploadProgress,
} from '#app/ui/upload-progress.tsx';
import { shellOnly } from '#app/server/member-read.server.ts';
import type { Route } from './+types/information';
import type { ShellHandle } from '#app/shell/handle.ts';
import { authEndpoints } from '#api/endpoints/auth.ts';

export const handle: ShellHandle = {
  strings: ['account', 'payments'],
  back: { to: '/account', label: 'account.title' },
};

/** No screen read: the layout reads the member shell alone, the page its own data (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [shellOnly];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'account.information.title');

export async function loader(args: Route.LoaderArgs) {
  return tryLoad(async () => profileView((await gatewayClient(args)(authEndpoints.profile)).data));
}

/**
 * One form for name, email and photo. Each part is saved on its own: a refused photo keeps the
 * typed name and email (saved when valid), and a refused name does not lose the photo.
 */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const lang = getLang(context);
  const { formData, tooLarge } = await readBoundedForm(request);
  const call = gatewayClient(args);
  const submission = parseWithZod(formData, { schema: profileUpdateBody });
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];

  const image = formData.get('image');
  if (tooLarge) fieldErrors.image = [messageForCode(Codes.FILE_TOO_LARGE, lang)];
  else if (image instanceof File && image.size > 0) {
    const upload = new FormData();
    upload.set('image', image, image.name || 'avatar');
    try {
      await call(authEndpoints.avatar, { form: upload });
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      fieldErrors.image = [error.text];
    }
  }

  if (submission.status === 'success') {
    try {
      await call(authEndpoints.updateProfile, { json: submission.value });
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      const fromGateway = error.fieldErrors;
      if (fromGateway && Object.keys(fromGateway).length) Object.assign(fieldErrors, fromGateway);
      else formErrors.push(error.text);
    }
  }

  if (submission.status !== 'success' || Object.keys(fieldErrors).length || formErrors.length) {
    return {
      result: localizedReply(submission.reply({ fieldErrors, formErrors, hideFields: ['image'] }), getLang(context)),
    };
  }
  flashToast(getSession(context), { kind: 'success', text: getT(context)('account.information.saved') });
  throw redirect('/account');
}

// With JavaScript a new photo goes up through XMLHttpRequest, so the page shows how much has gone (ADR 066).
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => withUploadProgress(serverAction);

const MAX_SIDE = 1024;

export default function AccountInformation({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const navigation = useNavigation();
  const uploading = useUploadState().phase !== 'idle';
  const busy = navigation.state === 'submitting' || uploading;
  const [preparing, setPreparing] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const profile = loaderData.ok ? loaderData.value : null;
  const [form, fields] = useServerForm({
    id: 'account-information',
    fields: ['fullName', 'email', 'image'],
    lastResult: navigation.state === 'idle' ? actionData?.result : undefined,
    defaultValue: { fullName: profile?.fullName ?? '', email: profile?.email ?? '' },
  });
  const imageErrors = fields.image.errors;

  async function onPick(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    setPreview(null);
    if (!input.files?.[0]) return;
    setPreparing(true);
    // The form then posts the small JPEG instead of the original, with or without the router. The
    // shrinking and the upload's code load now (issue 18's first-load budget).
    void prepareUpload().catch(() => undefined);
    const jpeg = await import('#app/ui/shrink-image.ts')
      .then(({ shrinkPickedPhoto }) => shrinkPickedPhoto(input, MAX_SIDE, 'avatar.jpg'))
      .catch(() => null);
    if (jpeg) setPreview(URL.createObjectURL(jpeg));
    setPreparing(false);
  }

  if (!profile) {
    return (
      <main className="page">
        <h1>{t('account.information.title')}</h1>
        {loaderData.ok ? null : <LoadFailed message={loaderData.message} retryTo="/account/information" />}
      </main>
    );
  }

  return (
    <main className="page">
      <h1>{t('account.information.title')}</h1>
      <Form method="post" encType="multipart/form-data" {...formProps(form)} className="stack" onSubmit={submitOnce}>
        {/* Text fields first: an oversized photo is cut off at the end of the body, they are not. */}
        <TextField field={fields.fullName} label={t('account.information.fullName')} autoComplete="name" />
        <TextField
          field={fields.email}
          label={t('account.information.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('account.information.emailPlaceholder')}
        />
        <div className="field">
          <label htmlFor="avatar-input">{t('account.information.avatar')}</label>
          <div className="avatar-picker">
            {preview ? (
              <img className="avatar" src={preview} alt={t('account.information.newPhoto')} width={72} height={72} />
            ) : (
              <Avatar url={profile.avatarUrl} name={profile.fullName} />
            )}
            {/* The browser's own picker offers the camera or the gallery on a phone. Its button speaks the
                browser's language ("Choose File"), so with JavaScript a button of ours opens it and the
                preview shows the choice; without JavaScript the native one stays (it shows the file name). */}
            <label htmlFor="avatar-input" className="button button-secondary js-only file-button">
              {t('account.information.choosePhoto')}
            </label>
            <input
              id="avatar-input"
              type="file"
              name="image"
              accept="image/*"
              className="file-input"
              aria-describedby={`avatar-hint${imageErrors ? ` ${fields.image.errorId}` : ''}`}
              aria-invalid={imageErrors ? true : undefined}
              onChange={onPick}
            />
          </div>
          <p id="avatar-hint" className="hint">
            {preview ? t('account.information.photoReady') : t('account.information.photoHint')}
          </p>
          <FieldErrors id={fields.image.errorId} errors={imageErrors} />
        </div>
        <div className="field">
          <span className="label">{t('account.information.phone')}</span>
          <div className="phone-row">
            <span className="profile-phone">{profile.phone}</span>
            <Link to="/account/information/change-phone" className="chip-link">
              {t('account.information.changePhone')}
            </Link>
          </div>
        </div>
        <FormErrors errors={form.errors} />
        <button type="submit" className="button button-primary button-block" disabled={busy || preparing}>
          {busy ? t('account.saving') : t('account.information.save')}
        </button>
        <UploadProgress processingLabel={t('upload.processing')} />
      </Form>
      <ul className="menu">
        <li>
          <Link to="/account/information/payment-method" className="menu-row">
            <span>{t('cards.menuLink')}</span>
            <Icon name="chevron" />
          </Link>
        </li>
      </ul>
    </main>
  );
}
