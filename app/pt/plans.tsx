import { Form, Link, useNavigation } from 'react-router';
import { tryLoad } from '#app/account/account.server.ts';
import { useT } from '#app/i18n.ts';
import { getLang } from '#app/server/i18n.server.ts';
import type { ShellHandle } from '#app/shell/handle.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { clubView, packageView, ptAction, ptContractView, trainerView } from './pt.server.ts';
import { RegisterBlockers, TrainerFacts } from './pt-ui.tsx';
import { PtPageFailed } from './pt-page-failed.tsx';
import { ptPlansRead } from './pt.read.server.ts';
import type { Route } from './+types/plans';

// §2 /pt/select-pt/plans/{ptId}/club/{clubId}: the trainer, their week at the club, and the club's
// packages; registering one asks the trainer (1029), who answers before the member pays.

export const handle: ShellHandle = { strings: ['pt'], back: { to: '/pt/select-pt', label: 'pt.selectTitle' } };

/** Its one gateway read, the member shell with it (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [ptPlansRead.declare];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pt.packagesTitle');

export async function loader(args: Route.LoaderArgs) {
  const lang = getLang(args.context);
  const screen = await tryLoad(async () => {
    const ptPlansScreen = await ptPlansRead.screen(args);
    return {
      club: clubView(ptPlansScreen.club, lang),
      trainer: trainerView(ptPlansScreen.trainer, lang),
      packages: ptPlansScreen.packages.map((p) => packageView(p, lang)),
      unpaid: ptPlansScreen.unpaid && ptContractView(ptPlansScreen.unpaid, lang),
    };
  });
  if (!screen.ok && screen.missing) throw new Response(null, { status: 404 });
  return { screen };
}

export const action = (args: Route.ActionArgs) => ptAction(args);

export default function PtPlans({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const navigation = useNavigation();
  const { screen } = loaderData;
  if (!screen.ok) return <PtPageFailed title={t('pt.packagesTitle')} message={screen.message} />;
  const { club, trainer, packages, unpaid } = screen.value;
  const chosen = actionData?.ptPackageId ?? null;
  const blocked = club.access !== 'OK' || (unpaid !== null && !(unpaid.ptId === trainer.id));
  return (
    <main className="page pt-page">
      <h1>{t('pt.packagesTitle')}</h1>
      <div className="contract-card trainer-card">
        <TrainerFacts trainer={trainer} showWeek />
      </div>
      <p className="small muted">{club.name}</p>
      <RegisterBlockers access={club.access} unpaid={unpaid} />
      <Form method="post" className="stack">
        <fieldset className="field">
          <legend className="label">{t('pt.packagesTitle')}</legend>
          <div className="pt-packages">
            {packages.map((p, i) => (
              <label key={p.id} className="check method-choice pt-package">
                <input
                  type="radio"
                  name="ptPackageId"
                  value={p.id}
                  defaultChecked={chosen ? String(p.id) === chosen : i === 1 || packages.length === 1}
                />
                <span className="pt-package-body">
                  <span className="choice-title">
                    {p.name} {p.isSilver ? <span className="status-badge">{t('pt.silver')}</span> : null}
                  </span>
                  <span className="small muted">
                    {t('pt.sessionsCount', { count: p.sessions })} · {t('pt.validity', { days: p.validityDays })}
                  </span>
                  <span className="small">{t('pt.perSession', { price: p.perSession })}</span>
                  <Link to={`/pt/select-pt/plans/${trainer.id}/plan/${p.id}`} className="small pt-package-link">
                    {t('pt.plan.details')}
                  </Link>
                </span>
                <span className="pt-package-price">{p.price}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {actionData?.error ? (
          <p className="form-error" role="alert">
            {actionData.error}
          </p>
        ) : null}
        <p className="small muted">{t('pt.registerNote')}</p>
        <button
          type="submit"
          name="intent"
          value="register"
          className="button button-primary button-block"
          disabled={blocked || navigation.state === 'submitting'}
        >
          {t('pt.register', { name: trainer.name })}
        </button>
      </Form>
    </main>
  );
}
