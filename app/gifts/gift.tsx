import { Form, Link } from 'react-router';
import { tryLoad } from '#app/account/account.server.ts';
import { useT } from '#app/i18n.ts';
import { getLang } from '#app/server/i18n.server.ts';
import type { ShellHandle } from '#app/shell/handle.ts';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { LoadFailed } from '#app/ui/load-failed.tsx';
import { pageMeta } from '#app/ui/meta.ts';
import { giftAction, giftScreenView } from './gift.server.ts';
import { giftRead } from './gift.read.server.ts';
import type { Route } from './+types/gift';

// Issue 12 §3 (ADR 035): the gift behind the header's icon — what it is, until when it can be
// activated, and activating it at a club the member picks. Without a gift, a newcomer may take the
// 1-day experience pass here. Plain forms: they work without JavaScript.

export const handle: ShellHandle = { strings: ['gift'], back: { to: '/home', label: 'nav.home' } };

/** Its one gateway read, the member shell with it (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [giftRead.declare];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'gift.label');

export async function loader(args: Route.LoaderArgs) {
  const lang = getLang(args.context);
  const screen = await tryLoad(async () => {
    const giftScreen = await giftRead.screen(args);
    return giftScreenView(giftScreen, lang);
  });
  return { screen };
}

export const action = (args: Route.ActionArgs) => giftAction(args);

type Screen = ReturnType<typeof giftScreenView>;

function Activate({ gift, cities }: { gift: NonNullable<Screen['gift']>; cities: Screen['cities'] }) {
  const { t } = useT();
  if (cities.length === 0) return <p className="notice">{t('gift.noClubs')}</p>;
  return (
    <Form method="post" className="gift-activate">
      <input type="hidden" name="gift" value={gift.id} />
      <div className="field">
        <label htmlFor="gift-club">{t('gift.chooseClub')}</label>
        <select id="gift-club" name="paymentPlanId" className="input" required>
          {cities.map((city) => (
            <optgroup key={city.name} label={city.name}>
              {city.clubs.map((club) => (
                <option key={club.paymentPlanId} value={club.paymentPlanId}>
                  {club.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <p className="small muted">{t('gift.startsNote')}</p>
      <button type="submit" name="intent" value="activate" className="button button-primary button-block">
        {t('gift.activate')}
      </button>
    </Form>
  );
}

export default function GiftPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { screen } = loaderData;
  if (!screen.ok) {
    return (
      <main className="page">
        <h1>{t('gift.label')}</h1>
        <LoadFailed message={screen.message} retryTo="/gift" />
      </main>
    );
  }
  const { gift, cities, experienceAvailable } = screen.value;
  if (!gift) {
    return (
      <main className="page">
        <h1>{t('gift.label')}</h1>
        {experienceAvailable ? (
          <section className="gift-card" aria-labelledby="experience-title">
            <h2 id="experience-title">{t('gift.experienceTitle')}</h2>
            <p>{t('gift.experienceText')}</p>
            <Form method="post">
              <button type="submit" name="intent" value="experience" className="button button-primary button-block">
                {t('gift.experienceTake')}
              </button>
            </Form>
          </section>
        ) : (
          <EmptyState icon="gift" title={t('gift.noGiftTitle')} text={t('gift.noGiftText')}>
            <Link to="/membership" className="button button-secondary">
              {t('gift.seePlans')}
            </Link>
          </EmptyState>
        )}
      </main>
    );
  }
  return (
    <main className="page">
      <h1>{t('gift.label')}</h1>
      <section className="gift-card" aria-labelledby="gift-title">
        <p className="eyebrow">
          {gift.kind === 'EXPERIENCE' ? t('gift.kindExperience') : t('gift.kindPlanDays', { days: String(gift.days) })}
        </p>
        <h2 id="gift-title">{gift.title}</h2>
        <p>{gift.description}</p>
        <p className="small muted">
          {gift.activateBy ? t('gift.activateBy', { time: gift.activateBy }) : t('gift.noEnd')}
        </p>
      </section>
      <Activate gift={gift} cities={cities} />
    </main>
  );
}
