import { Link } from 'react-router';
import { tryLoad } from '#app/account/account.server.ts';
import { useT } from '#app/i18n.ts';
import { getLang } from '#app/server/i18n.server.ts';
import type { ShellHandle } from '#app/shell/handle.ts';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { pageMeta } from '#app/ui/meta.ts';
import { eContractView } from './pt.server.ts';
import { PtPageFailed } from './pt-page-failed.tsx';
import { eContractsRead } from './pt.read.server.ts';
import type { Route } from './+types/e-contracts';

// §2 /pt/contract: the member's PT e-contracts, to read, sign and download (ADR 047).

export const handle: ShellHandle = { strings: ['pt'], back: { to: '/pt', label: 'pt.title' } };

/** Its one gateway read, the member shell with it (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [eContractsRead.declare];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pt.eContract.listTitle');

export async function loader(args: Route.LoaderArgs) {
  const lang = getLang(args.context);
  const screen = await tryLoad(async () => {
    const eContractsScreen = await eContractsRead.screen(args);
    return eContractsScreen.map((c) => eContractView(c, lang));
  });
  return { screen };
}

export default function EContracts({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { screen } = loaderData;
  if (!screen.ok) return <PtPageFailed title={t('pt.eContract.listTitle')} message={screen.message} />;
  return (
    <main className="page pt-page">
      <h1>{t('pt.eContract.listTitle')}</h1>
      <p className="lead">{t('pt.eContract.lead')}</p>
      {screen.value.length === 0 ? (
        <EmptyState icon="membership" title={t('pt.eContract.listTitle')} text={t('pt.eContract.none')} />
      ) : (
        <ul className="contract-list">
          {screen.value.map((c) => (
            <li key={c.id} className="contract-card e-contract-card">
              <span className="contract-card-top">
                <span className="contract-plan">{c.packageName}</span>
                <span className={`status-badge e-contract-${c.status.toLowerCase()}`}>
                  {t(`pt.eContract.status.${c.status}`)}
                </span>
              </span>
              <span className="small muted">{c.title}</span>
              {c.signedAt && c.signerName ? (
                <span className="small">{t('pt.eContract.signedBy', { name: c.signerName, at: c.signedAt })}</span>
              ) : null}
              <span className="booking-action">
                <Link
                  to={`/pt/contract/${c.id}/preview`}
                  className={c.status === 'UNSIGNED' ? 'button button-primary' : 'button button-secondary'}
                >
                  {c.status === 'UNSIGNED' ? t('pt.eContract.sign') : t('pt.eContract.read')}
                </Link>
                {c.status === 'SIGNED' ? (
                  <a href={`/pt/contract/${c.id}/pdf`} className="button button-link" download>
                    {t('pt.eContract.download')}
                  </a>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
