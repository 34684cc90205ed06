import { Form, useActionData } from 'react-router';
import { tryLoad } from '#app/account/account.server.ts';
import { useT } from '#app/i18n.ts';
import { CardTypeChoice, GoToVnpay } from '#app/payments/saved-card.tsx';
import { getLang } from '#app/server/i18n.server.ts';
import { subscriptionRead } from './subscription-read.server.ts';
import type { ShellHandle } from '#app/shell/handle.ts';
import { LoadFailed } from '#app/ui/load-failed.tsx';
import { pageMeta } from '#app/ui/meta.ts';
import { SUBSCRIPTION_CARD } from './paths.ts';
import { CardLine, SubscribeAgain } from './subscription-section.tsx';
import { changeCardAction, subscriptionView, type CardChangeData } from './subscription.server.ts';
import type { Route } from './+types/subscription-card';

// Issue 12 §2 (ADR 038): the card that pays the subscription, and a new one through VNPAY's token
// page (change-card); when VNPAY confirms it, it pays the coming months.

export const handle: ShellHandle = {
  strings: ['subscription', 'payments'],
  back: { to: '/account/information/payment-method', label: 'cards.title' },
};

/** Its one gateway read, the member shell with it (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [subscriptionRead.declare];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'subscription.cardPage.title');

export async function loader(args: Route.LoaderArgs) {
  const lang = getLang(args.context);
  const screen = await tryLoad(async () => {
    const subscriptionScreen = await subscriptionRead.screen(args);
    const sub = subscriptionScreen.subscription;
    return sub ? subscriptionView(sub, lang) : null;
  });
  return { screen };
}

export const action = (args: Route.ActionArgs) => changeCardAction(args);

export default function SubscriptionCard({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const result = useActionData<CardChangeData>();
  const { screen } = loaderData;
  if (!screen.ok) {
    return (
      <main className="page">
        <h1>{t('subscription.cardPage.title')}</h1>
        <LoadFailed message={screen.message} retryTo={SUBSCRIPTION_CARD} />
      </main>
    );
  }
  const sub = screen.value;
  const live = sub && (sub.status === 'ACTIVE' || sub.status === 'PAST_DUE' || sub.status === 'CANCELLING');
  return (
    <main className="page">
      <h1>{t('subscription.cardPage.title')}</h1>
      {!sub || !live ? (
        <SubscribeAgain text={t('subscription.cardPage.none')} />
      ) : (
        <>
          <p className="muted">{t('subscription.cardPage.lead')}</p>
          {result?.payUrl ? <GoToVnpay payUrl={result.payUrl} /> : null}
          <section className="subscription-card" aria-labelledby="current-card" data-testid="subscription-card">
            <p id="current-card" className="small muted">
              {t('subscription.cardPage.current')}
            </p>
            <CardLine sub={sub} />
            {sub.cardChangePending ? <p className="small">{t('subscription.cardPage.pending')}</p> : null}
            {sub.nextBilling ? <p className="small">{t('subscription.nextBilling', sub.nextBilling)}</p> : null}
          </section>
          <Form method="post" className="stack">
            <input type="hidden" name="subscriptionId" value={sub.id} />
            <CardTypeChoice />
            <p className="small muted">{t('subscription.cardPage.hint')}</p>
            {result?.error ? (
              <p className="form-error" role="alert">
                {result.error}
              </p>
            ) : null}
            <button type="submit" className="button button-primary button-block">
              {t('subscription.cardPage.addNew')}
            </button>
          </Form>
        </>
      )}
    </main>
  );
}
