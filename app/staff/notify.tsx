import { parseWithZod } from '@conform-to/zod/v4';
import { useState } from 'react';
import { Form, redirect, useNavigation } from 'react-router';
import { MAX_NOTICE_BODY, MAX_NOTICE_TITLE } from '#api/staff-settings-limits.ts';
import { staffEndpoints } from '#api/endpoints/staff.ts';
import { useT } from '#app/i18n.ts';
import type { StringsHandle } from '#app/locales/messages.ts';
import { localizedReply, readForm } from '#app/server/form.server.ts';
import { GatewayError } from '#app/server/gateway.server.ts';
import { getLang, getT } from '#app/server/i18n.server.ts';
import { flashToast, getSession } from '#app/server/session.server.ts';
import { FieldErrors, TextField } from '#app/ui/field.tsx';
import { formProps, useServerForm } from '#app/ui/form.ts';
import { pageMeta } from '#app/ui/meta.ts';
import type { Route } from './+types/notify';
import { deskClubs } from './clubs.server.ts';
import { newIdempotencyKey, noticeBody, noticeForm } from './notify.server.ts';
import { requireDeskRole, staffGateway } from './staff-session.server.ts';

export const handle: StringsHandle = { strings: ['staffNotify'] };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'staffNotify.title');

/** Issue 17 §2 (ADR 052): the clubs this account may send to, and a fresh one-time key for the form. */
export async function loader(args: Route.LoaderArgs) {
  const staff = requireDeskRole(args.context);
  const { clubs, club } = await deskClubs(
    staffGateway(args),
    staff.clubId,
    new URL(args.request.url).searchParams.get('club'),
  );
  return { clubs, clubId: club?.id ?? null, idempotencyKey: newIdempotencyKey() };
}

/** One send: stored in each member's inbox and pushed by the gateway; a resent form (same key) sends nothing twice. */
export async function action(args: Route.ActionArgs) {
  requireDeskRole(args.context);
  const form = await readForm(args.request);
  const submission = parseWithZod(form, { schema: noticeForm });
  const lang = getLang(args.context);
  if (submission.status !== 'success') return { result: localizedReply(submission.reply(), lang) };
  try {
    const { data } = await staffGateway(args)(staffEndpoints.notify, {
      json: noticeBody(submission.value),
      idempotencyKey: submission.value.idempotencyKey,
    });
    flashToast(getSession(args.context), {
      kind: 'success',
      text: getT(args.context)('staffNotify.sentToast', { count: data.sent }),
    });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    // A phone that is no member's, another club's member, the daily cap: said beside the target.
    const field = submission.value.target === 'member' ? 'phoneNumber' : 'clubId';
    const own = Object.entries(error.fieldErrors ?? {}).filter(([name]) => name in submission.value);
    const fieldErrors = own.length ? Object.fromEntries(own) : { [field]: [error.text] };
    return { result: localizedReply(submission.reply({ fieldErrors }), lang) };
  }
  throw redirect('/staff/notify');
}

export default function StaffNotify({ loaderData, actionData }: Route.ComponentProps) {
  const { t, lang } = useT();
  const busy = useNavigation().state === 'submitting';
  const { clubs, clubId, idempotencyKey } = loaderData;
  const [form, fields] = useServerForm({
    id: 'staff-notice',
    fields: ['target', 'phoneNumber', 'clubId', 'titleVi', 'titleEn', 'bodyVi', 'bodyEn', 'link', 'idempotencyKey'],
    lastResult: actionData?.result,
  });
  const typedTarget = fields.target.initialValue === 'club' ? 'club' : 'member';
  const [target, setTarget] = useState<'member' | 'club'>(typedTarget);
  return (
    <main className="page">
      <h1>{t('staffNotify.title')}</h1>
      <p className="lead">{t('staffNotify.lead')}</p>
      <Form method="post" {...formProps(form)} className="stack staff-notice-form">
        {/* The key drawn with the page, or the one a refused submit carried: the same send is the same key. */}
        <input type="hidden" name="idempotencyKey" value={fields.idempotencyKey.initialValue ?? idempotencyKey} />
        <fieldset className="field">
          <legend>{t('staffNotify.to')}</legend>
          <div className="topic-choices">
            {(['member', 'club'] as const).map((value) => (
              <label key={value} className="topic-choice">
                <input
                  type="radio"
                  name="target"
                  value={value}
                  defaultChecked={typedTarget === value}
                  onChange={() => setTarget(value)}
                />
                <span>{t(value === 'member' ? 'staffNotify.toMember' : 'staffNotify.toClub')}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          field={fields.phoneNumber}
          label={t('staffNotify.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          hidden={target !== 'member'}
        />
        <div className="field" hidden={target !== 'club' && clubs.length < 2 ? true : undefined}>
          {clubs.length > 1 ? (
            <>
              <label htmlFor={fields.clubId.id}>{t('staffNotify.club')}</label>
              <select
                id={fields.clubId.id}
                name="clubId"
                className="input"
                defaultValue={fields.clubId.initialValue ?? String(clubId ?? '')}
              >
                {clubs.map((club) => (
                  <option key={club.id} value={club.id}>
                    {lang === 'en' ? club.nameEn : club.nameVi}
                  </option>
                ))}
              </select>
            </>
          ) : (
            <input type="hidden" name="clubId" value={clubId ?? ''} />
          )}
          {target === 'club' ? <p className="notice">{t('staffNotify.clubWarning')}</p> : null}
          <FieldErrors id={fields.clubId.errorId} errors={fields.clubId.errors} />
        </div>
        <TextField field={fields.titleVi} label={t('staffNotify.titleVi')} maxLength={MAX_NOTICE_TITLE} />
        <TextField field={fields.bodyVi} label={t('staffNotify.bodyVi')} rows={4} maxLength={MAX_NOTICE_BODY} />
        <TextField field={fields.titleEn} label={t('staffNotify.titleEn')} maxLength={MAX_NOTICE_TITLE} />
        <TextField field={fields.bodyEn} label={t('staffNotify.bodyEn')} rows={4} maxLength={MAX_NOTICE_BODY} />
        <TextField field={fields.link} label={t('staffNotify.link')} inputMode="url" placeholder="/classes" />
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {t('staffNotify.submit')}
        </button>
      </Form>
    </main>
  );
}
