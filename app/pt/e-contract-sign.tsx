import { Form, redirect, useNavigation } from 'react-router';
import { useT } from '#app/i18n.ts';
import { notFoundAs404 } from '#app/payments/payment.server.ts';
import { getLang } from '#app/server/i18n.server.ts';
import type { ShellHandle } from '#app/shell/handle.ts';
import { useHydrated } from '#app/ui/hooks.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { eContractView, signAction } from './pt.server.ts';
import { EContractText } from './e-contract-text.tsx';
import { SignaturePad } from './signature-pad.tsx';
import { eContractRead } from './pt.read.server.ts';
import type { Route } from './+types/e-contract-sign';

// §2 /pt/contract/{eContractId}/preview/sign: the text once more (what is signed), the full name,
// a finger's signature (without JavaScript the typed name is the signature), the agreement tick,
// the SMS code, and Sign (1053). ADR 047.

export const handle: ShellHandle = { strings: ['pt'], back: { to: '/pt/contract', label: 'pt.eContract.listTitle' } };

/** Its one gateway read, the member shell with it (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [eContractRead.declare];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pt.eContract.signTitle');

export async function loader(args: Route.LoaderArgs) {
  const { shell, screen: eContract } = await eContractRead.answer(args).catch(notFoundAs404);
  // The name first (issue 38 §6): the preview asks for it, then shows the contract that names the member.
  if (eContract.needsFullName) throw redirect(`/pt/contract/${String(eContract.eContractId)}/preview`);
  return {
    contract: eContractView(eContract, getLang(args.context)),
    fullName: shell.profile.fullName.trim(),
  };
}

export const action = (args: Route.ActionArgs) => signAction(args);

export default function EContractSign({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const { contract: c } = loaderData;
  const busy = navigation.state === 'submitting';
  const errors = actionData?.fieldErrors ?? {};
  return (
    <main className="page pt-page">
      <h1>{t('pt.eContract.signTitle')}</h1>
      <details className="e-contract-fold">
        <summary>{c.title}</summary>
        <EContractText contract={c} />
      </details>
      <p className="lead">{t('pt.eContract.signLead')}</p>
      <Form method="post" className="stack" noValidate>
        <input type="hidden" name="documentSha256" value={c.documentSha256} />
        <input type="hidden" name="otpSent" value={actionData?.otpSent ? '1' : '0'} />
        <label className="field">
          <span className="label">{t('pt.eContract.fullName')}</span>
          <input
            name="fullName"
            className="input"
            autoComplete="name"
            maxLength={100}
            defaultValue={actionData?.fullName ?? loaderData.fullName}
            aria-invalid={errors.fullName ? true : undefined}
            aria-describedby={errors.fullName ? 'full-name-error' : undefined}
          />
          {errors.fullName ? (
            <span id="full-name-error" className="field-error">
              {errors.fullName}
            </span>
          ) : null}
        </label>
        <div className="field">
          <span className="label">{t('pt.eContract.pad')}</span>
          {hydrated ? <SignaturePad name="signaturePng" /> : null}
          <span className="small muted">{hydrated ? t('pt.eContract.typedHint') : t('pt.eContract.noJsHint')}</span>
        </div>
        <label className="check">
          <input type="checkbox" name="agree" aria-invalid={errors.agree ? true : undefined} />
          <span>{t('pt.eContract.agree')}</span>
        </label>
        {errors.agree ? <p className="field-error">{errors.agree}</p> : null}
        <button
          type="submit"
          name="intent"
          value="otp"
          className="button button-secondary button-block"
          disabled={busy}
          formNoValidate
        >
          {t('pt.eContract.sendCode')}
        </button>
        {actionData?.notice ? (
          <p className="notice" role="status">
            {actionData.notice}
          </p>
        ) : null}
        <label className="field">
          <span className="label">{t('pt.eContract.otp')}</span>
          <input
            name="otp"
            className="input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            aria-invalid={errors.otp ? true : undefined}
            aria-describedby={errors.otp ? 'otp-error' : undefined}
          />
          {errors.otp ? (
            <span id="otp-error" className="field-error">
              {errors.otp}
            </span>
          ) : null}
        </label>
        {actionData?.error ? (
          <p className="form-error" role="alert">
            {actionData.error}
          </p>
        ) : null}
        <button type="submit" name="intent" value="sign" className="button button-primary button-block" disabled={busy}>
          {t('pt.eContract.confirm')}
        </button>
      </Form>
    </main>
  );
}
