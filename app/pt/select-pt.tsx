import { Link } from 'react-router';
import { ChoiceForm } from '#app/ui/choice-form.tsx';
import { tryLoad } from '#app/account/account.server.ts';
import { useT } from '#app/i18n.ts';
import { getLang } from '#app/server/i18n.server.ts';
import type { ShellHandle } from '#app/shell/handle.ts';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { pageMeta } from '#app/ui/meta.ts';
import { clubView, trainerView } from './pt.server.ts';
import { TrainerFacts } from './pt-ui.tsx';
import { PtPageFailed } from './pt-page-failed.tsx';
import { ptSelectRead } from './pt.read.server.ts';
import type { Route } from './+types/select-pt';

// §2 /pt/select-pt: a club (the ones the member may use first chosen), then its trainers. The club
// is a GET form: it works without JavaScript (with it, choosing a club shows its trainers at once).

export const handle: ShellHandle = { strings: ['pt'], back: { to: '/pt', label: 'pt.title' } };

/** Its one gateway read, the member shell with it (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [ptSelectRead.declare];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pt.selectTitle');

export async function loader(args: Route.LoaderArgs) {
  const lang = getLang(args.context);
  const screen = await tryLoad(async () => {
    const ptSelectScreen = await ptSelectRead.screen(args);
    const clubs = ptSelectScreen.clubs.map((c) => clubView(c, lang));
    return {
      clubs,
      club: clubs.find((c) => c.id === ptSelectScreen.clubId) ?? null,
      trainers: ptSelectScreen.trainers.map((tr) => trainerView(tr, lang)),
    };
  });
  return { screen };
}

export default function SelectPt({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { screen } = loaderData;
  if (!screen.ok) return <PtPageFailed title={t('pt.selectTitle')} message={screen.message} />;
  const { clubs, club, trainers } = screen.value;
  return (
    <main className="page pt-page">
      <h1>{t('pt.selectTitle')}</h1>
      {clubs.length === 0 || !club ? (
        <EmptyState icon="workout" title={t('pt.selectTitle')} text={t('pt.noClubs')} />
      ) : (
        <>
          <ChoiceForm
            name="club"
            label={t('pt.club')}
            value={club.id}
            options={clubs.map((c) => ({ value: c.id, label: c.name }))}
            buttonLabel={t('pt.showClub')}
          />
          <p className="small muted">{club.address}</p>
          {club.access !== 'OK' ? (
            <div className="notice" role="status">
              <p>{t(`pt.access.${club.access}`)}</p>
              {club.access === 'NO_MEMBERSHIP' ? (
                <Link to={`/membership/${club.id}`} className="button button-secondary button-block">
                  {t('pt.seePlans')}
                </Link>
              ) : null}
            </div>
          ) : null}
          {trainers.length === 0 ? (
            <p className="muted">{t('pt.noTrainers')}</p>
          ) : (
            <ul className="contract-list">
              {trainers.map((trainer) => (
                <li key={trainer.id}>
                  <Link to={`/pt/select-pt/plans/${trainer.id}/club/${club.id}`} className="contract-card trainer-card">
                    <TrainerFacts trainer={trainer} />
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </main>
  );
}
