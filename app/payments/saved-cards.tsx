import { Form, Link, useNavigation } from 'react-router';
import { CardActions, CardTypeChoice, GoToVnpay, SavedCardFace } from './saved-card.tsx';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { useT } from '#app/i18n.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { loadCardsStrict } from './payment.server.ts';
import { shellOnly } from '#app/server/member-read.server.ts';
import type { Route } from './+types/saved-cards';
import { cardAction } from './saved-cards.server.ts';
import type { ShellHandle } from '#app/shell/handle.ts';

export const handle: ShellHandle = {
  strings: ['account', 'payments'],
  back: { to: '/account/information', label: 'account.information.title' },
};

/** No screen read: the layout reads the member shell alone, the page its own data (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [shellOnly];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'cards.title');

export const loader = async (args: Route.LoaderArgs) => ({ cards: await loadCardsStrict(args) });

export const action = (args: Route.ActionArgs) => cardAction(args);

export default function PaymentMethods({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const navigation = useNavigation();
  const { cards } = loaderData;
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'add';
  return (
    <main className="page">
      <h1>{t('cards.title')}</h1>
      <p className="muted">{t('cards.lead')}</p>
      {actionData?.payUrl ? <GoToVnpay payUrl={actionData.payUrl} /> : null}
      {cards.length ? (
        <ul className="saved-card-list">
          {cards.map((card) => (
            <li key={card.id} className="saved-card">
              <Link to={`/account/information/payment-method/${card.id}`} className="saved-card-link">
                <SavedCardFace card={card} />
              </Link>
              <CardActions card={card} />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState icon="membership" title={t('cards.emptyTitle')} text={t('cards.emptyText')} />
      )}
      <section aria-labelledby="add-card-title">
        <h2 id="add-card-title" className="section-title">
          {t('cards.addTitle')}
        </h2>
        <Form method="post" className="stack">
          <CardTypeChoice />
          {actionData?.error ? <p className="form-error">{actionData.error}</p> : null}
          <button
            type="submit"
            name="intent"
            value="add"
            className="button button-primary button-block"
            disabled={busy}
          >
            {t('cards.add')}
          </button>
        </Form>
      </section>
    </main>
  );
}
