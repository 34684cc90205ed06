import { Form, Link, useNavigation } from 'react-router';
import { tryLoad } from '#app/account/account.server.ts';
import { useT } from '#app/i18n.ts';
import { getLang } from '#app/server/i18n.server.ts';
import type { ShellHandle } from '#app/shell/handle.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { clubView, packageView, ptAction, ptContractView, trainerView } from './pt.server.ts';
import { RegisterBlockers, TrainerFacts } from './pt-ui.tsx';
import { PtPageFailed } from './pt-page-failed.tsx';
import { ptPlanRead } from './pt.read.server.ts';
import type { Route } from './+types/plan';

// §2 /pt/select-pt/plans/{ptId}/plan/{ptPackageId}: one package with the trainer — its terms, how
// paying and the e-contract go — and Register (1029), as on the plans page.

export const handle: ShellHandle = { strings: ['pt'], back: { to: '/pt/select-pt', label: 'pt.selectTitle' } };

/** Its one gateway read, the member shell with it (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [ptPlanRead.declare];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pt.plan.details');

export async function loader(args: Route.LoaderArgs) {
  const lang = getLang(args.context);
  const screen = await tryLoad(async () => {
    const s = await ptPlanRead.screen(args);
    const [pkg] = s.packages;
    if (!pkg) throw new Response(null, { status: 404 });
    return {
      club: clubView(s.club, lang),
      trainer: trainerView(s.trainer, lang),
      pkg: packageView(pkg, lang),
      unpaid: s.unpaid && ptContractView(s.unpaid, lang),
    };
  });
  if (!screen.ok && screen.missing) throw new Response(null, { status: 404 });
  return { screen };
}

export const action = (args: Route.ActionArgs) => ptAction(args);

export default function PtPlan({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const navigation = useNavigation();
  const { screen } = loaderData;
  if (!screen.ok) return <PtPageFailed title={t('pt.plan.details')} message={screen.message} />;
  const { club, trainer, pkg, unpaid } = screen.value;
  const blocked = club.access !== 'OK' || (unpaid !== null && unpaid.ptId !== trainer.id);
  return (
    <main className="page pt-page">
      <h1>
        {pkg.name} {pkg.isSilver ? <span className="status-badge">{t('pt.silver')}</span> : null}
      </h1>
      <div className="contract-card trainer-card">
        <TrainerFacts trainer={trainer} />
      </div>
      <p className="small muted">{club.name}</p>
      <section aria-labelledby="pt-plan-terms">
        <h2 id="pt-plan-terms" className="section-title">
          {t('pt.plan.terms')}
        </h2>
        <dl className="facts">
          <dt>{t('pt.plan.sessions')}</dt>
          <dd>{t('pt.sessionsCount', { count: pkg.sessions })}</dd>
          <dt>{t('pt.plan.validity')}</dt>
          <dd>{t('pt.validity', { days: pkg.validityDays })}</dd>
          <dt>{t('pt.plan.perSession')}</dt>
          <dd>{pkg.perSession}</dd>
          <dt>{t('pt.plan.price')}</dt>
          <dd>
            <strong>{pkg.price}</strong>
          </dd>
        </dl>
        <p className="small">{t('pt.plan.sessionLength')}</p>
        <p className="small">{t('pt.plan.steps')}</p>
        <p className="small">{t('pt.plan.contract')}</p>
      </section>
      <RegisterBlockers access={club.access} unpaid={unpaid} />
      <Form method="post" className="stack">
        <input type="hidden" name="ptPackageId" value={pkg.id} />
        {actionData?.error ? (
          <p className="form-error" role="alert">
            {actionData.error}
          </p>
        ) : null}
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
      <Link
        to={`/pt/select-pt/plans/${trainer.id}/club/${club.id}`}
        className="button button-secondary button-block spaced"
      >
        {t('pt.plan.others')}
      </Link>
    </main>
  );
}
