import { Link } from 'react-router';
import { useT } from '#app/i18n.ts';
import { getLang } from '#app/server/i18n.server.ts';
import { notFoundAs404 } from '#app/payments/payment.server.ts';
import type { ShellHandle } from '#app/shell/handle.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { eContractView } from './pt.server.ts';
import { EContractText } from './e-contract-text.tsx';
import { eContractRead } from './pt.read.server.ts';
import type { Route } from './+types/e-contract-preview';

// §2 /pt/contract/{eContractId}/preview: the contract's real text, exactly what is signed (its
// SHA-256 below it); sign it, or download the sealed PDF once signed (ADR 047).

export const handle: ShellHandle = { strings: ['pt'], back: { to: '/pt/contract', label: 'pt.eContract.listTitle' } };

/** Its one gateway read, the member shell with it (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [eContractRead.declare];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pt.eContract.previewTitle');

export async function loader(args: Route.LoaderArgs) {
  const eContractScreen = await eContractRead.screen(args).catch(notFoundAs404);
  return { contract: eContractView(eContractScreen, getLang(args.context)) };
}

export default function EContractPreview({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { contract: c } = loaderData;
  return (
    <main className="page pt-page">
      {c.needsFullName ? (
        // The contract names its member (issue 38 §6): a profile without a name gives it first.
        <section className="stack e-contract-name" aria-labelledby="contract-name-title">
          <h2 id="contract-name-title" className="section-title">
            {t('pt.eContract.nameTitle')}
          </h2>
          <p className="small">{t('pt.eContract.nameLead')}</p>
          {/* One place asks the name (issue 37 §6): /account/name, back here once it is saved. */}
          <Link
            to={`/account/name?next=${encodeURIComponent(`/pt/contract/${c.id}/preview`)}`}
            className="button button-primary button-block"
          >
            {t('pt.eContract.nameSave')}
          </Link>
        </section>
      ) : null}
      <EContractText contract={c} />
      {c.status === 'UNSIGNED' && c.needsFullName ? null : c.status === 'UNSIGNED' ? (
        <Link to={`/pt/contract/${c.id}/preview/sign`} className="button button-primary button-block spaced">
          {t('pt.eContract.sign')}
        </Link>
      ) : (
        <>
          {c.signerName && c.signedAt ? (
            <p className="notice">{t('pt.eContract.signedBy', { name: c.signerName, at: c.signedAt })}</p>
          ) : null}
          <a href={`/pt/contract/${c.id}/pdf`} className="button button-primary button-block spaced" download>
            {t('pt.eContract.download')}
          </a>
        </>
      )}
    </main>
  );
}
