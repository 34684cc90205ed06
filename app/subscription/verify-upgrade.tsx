import { Form, Link, useActionData, useNavigation } from 'react-router';
import { tryLoad } from '#app/account/account.server.ts';
import { useT } from '#app/i18n.ts';
import { getLang } from '#app/server/i18n.server.ts';
import { subscriptionRead } from './subscription-read.server.ts';
import type { ShellHandle } from '#app/shell/handle.ts';
import { LoadFailed } from '#app/ui/load-failed.tsx';
import { pageMeta } from '#app/ui/meta.ts';
import { VERIFY_UPGRADE, YOUR_PLAN } from './paths.ts';
import { subscriptionView, upgradeAction, type UpgradeActionData } from './subscription.server.ts';
import type { Route } from './+types/verify-upgrade';

// Issue 12 §2 (ADR 038): the Black Card upgrade of a monthly subscription, from the next month,
// with the price difference said before the member confirms with the code texted to their phone.
// Two plain forms (send, confirm), PRG, what was typed kept on a refusal: no JavaScript needed.

export const handle: ShellHandle = {
  strings: ['subscription'],
  back: { to: YOUR_PLAN, label: 'subscription.upgrade.back' },
};

/** Its one gateway read, the member shell with it (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [subscriptionRead.declare];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'subscription.upgrade.title');

export async function loader(args: Route.LoaderArgs) {
  const lang = getLang(args.context);
  const screen = await tryLoad(async () => {
    const subscriptionScreen = await subscriptionRead.screen(args);
    const sub = subscriptionScreen.subscription;
    return sub ? subscriptionView(sub, lang) : null;
  });
  return { screen, sent: new URL(args.request.url).searchParams.get('sent') === '1' };
}

export const action = (args: Route.ActionArgs) => upgradeAction(args);

export default function VerifyUpgrade({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const typed = useActionData<UpgradeActionData>();
  const busy = useNavigation().state === 'submitting';
  const { screen, sent } = loaderData;
  if (!screen.ok) {
    return (
      <main className="page">
        <h1>{t('subscription.upgrade.title')}</h1>
        <LoadFailed message={screen.message} retryTo={VERIFY_UPGRADE} />
      </main>
    );
  }
  const sub = screen.value;
  if (!sub?.upgrade) {
    return (
      <main className="page">
        <h1>{t('subscription.upgrade.title')}</h1>
        <div className="notice">
          <p>{t('subscription.upgrade.notAllowed')}</p>
          <p>
            <Link to={YOUR_PLAN} className="link">
              {t('subscription.upgrade.back')}
            </Link>
          </p>
        </div>
      </main>
    );
  }
  const { upgrade } = sub;
  const codeStep = sent || typed !== undefined;
  return (
    <main className="page">
      <h1>{t('subscription.upgrade.title')}</h1>
      <p className="lead">{t('subscription.upgrade.lead')}</p>
      <dl className="upgrade-compare" data-testid="upgrade-compare">
        <div>
          <dt>{t('subscription.upgrade.current')}</dt>
          <dd>
            {sub.plan.name}
            <span className="small">{t('subscription.upgrade.perMonth', { price: sub.plan.price })}</span>
          </dd>
        </div>
        <div>
          <dt>{t('subscription.upgrade.next', { date: upgrade.from })}</dt>
          <dd>
            {upgrade.name}
            <span className="small">{t('subscription.upgrade.perMonth', { price: upgrade.price })}</span>
          </dd>
        </div>
        <div className="upgrade-difference">
          <dt>{t('subscription.upgrade.difference')}</dt>
          <dd>{t('subscription.upgrade.differenceValue', { difference: upgrade.difference })}</dd>
        </div>
      </dl>
      <p className="small muted">{t('subscription.upgrade.noChargeToday')}</p>
      {codeStep ? (
        <Form method="post" className="stack" noValidate>
          <input type="hidden" name="subscriptionId" value={sub.id} />
          <div className="field">
            <label htmlFor="upgrade-otp">{t('subscription.upgrade.codeLabel')}</label>
            <input
              id="upgrade-otp"
              name="otpCode"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={4}
              className="input otp-single"
              defaultValue={typed?.otpCode ?? ''}
              aria-invalid={typed?.error ? true : undefined}
              aria-describedby={typed?.error ? 'upgrade-otp-error' : undefined}
              key={typed?.otpCode ?? ''}
            />
            {typed?.error ? (
              <p id="upgrade-otp-error" className="field-error" role="alert">
                {typed.error}
              </p>
            ) : null}
          </div>
          <button
            type="submit"
            name="intent"
            value="upgrade"
            className="button button-primary button-block"
            disabled={busy}
          >
            {t('subscription.upgrade.confirm')}
          </button>
        </Form>
      ) : null}
      <Form method="post" className={codeStep ? 'resend' : 'stack'}>
        <input type="hidden" name="subscriptionId" value={sub.id} />
        <button
          type="submit"
          name="intent"
          value="send"
          className={codeStep ? 'button button-link' : 'button button-primary button-block'}
          disabled={busy}
        >
          {codeStep ? t('subscription.upgrade.resend') : t('subscription.upgrade.sendCode')}
        </button>
      </Form>
    </main>
  );
}
