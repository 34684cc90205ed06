import { data } from 'react-router';
import { CardActions, SavedCardFace } from './saved-card.tsx';
import { useT } from '#app/i18n.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { idParam, loadCardsStrict } from './payment.server.ts';
import { shellOnly } from '#app/server/member-read.server.ts';
import type { Route } from './+types/saved-card-detail';
import { cardAction } from './saved-cards.server.ts';
import type { ShellHandle } from '#app/shell/handle.ts';

export const handle: ShellHandle = {
  strings: ['payments'],
  back: { to: '/account/information/payment-method', label: 'cards.title' },
};

/** No screen read: the layout reads the member shell alone, the page its own data (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [shellOnly];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'cards.cardTitle');

export async function loader(args: Route.LoaderArgs) {
  const id = idParam(args.params.cardId);
  // The list is short and there is no single-card call: someone else's card is simply not in it.
  const card = (await loadCardsStrict(args)).find((c) => c.id === id);
  if (!card) throw data(null, { status: 404 });
  return { card };
}

export const action = (args: Route.ActionArgs) => cardAction(args);

export default function SavedCardPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { card } = loaderData;
  return (
    <main className="page">
      <h1>{t('cards.cardTitle')}</h1>
      <div className="saved-card">
        <SavedCardFace card={card} />
      </div>
      <p className="small muted">{card.isDefault ? t('cards.defaultHint') : t('cards.notDefaultHint')}</p>
      <CardActions card={card} />
    </main>
  );
}
