import { Link } from 'react-router';
import { useT } from '#app/i18n.ts';
import { methodKey } from '#app/payments/method.ts';
import type { ShellHandle } from '#app/shell/handle.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { loadPtDetail } from './pt.server.ts';
import { PtContractCard } from './pt-ui.tsx';
import { ptContractRead } from './pt.read.server.ts';
import type { Route } from './+types/pt-detail';

// §2 /history/pt/{ptContractId}: the PT package, its timeline and the receipt of what was paid.

export const handle: ShellHandle = { strings: ['contracts', 'pt', 'receipts'], back: { to: '/pt', label: 'pt.title' } };

/** Its one gateway read, the member shell with it (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [ptContractRead.declare];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pt.historyTitle');

export const loader = (args: Route.LoaderArgs) => loadPtDetail(args);

export default function PtDetail({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { contract: c, timeline, receipt } = loaderData;
  return (
    <main className="page pt-page">
      <h1>{t('pt.historyTitle')}</h1>
      <PtContractCard contract={{ ...c, href: `/pt/payment/result/${c.id}` }} />
      {c.status === 'WAITFORPAYMENT' || c.status === 'WAITPTCONFIRM' ? (
        <Link to={`/pt/payment/result/${c.id}`} className="button button-primary button-block spaced">
          {t(`pt.status.${c.status}`)}
        </Link>
      ) : null}
      <section aria-labelledby="pt-timeline-title">
        <h2 id="pt-timeline-title" className="section-title">
          {t('pt.timelineTitle')}
        </h2>
        <ol className="timeline">
          {timeline.map((e, i) => (
            <li key={i} className="timeline-item">
              <span className="timeline-dot" aria-hidden="true" />
              <span className="timeline-text">{t(`pt.timeline.${e.kind}`)}</span>
              <time className="small muted">{e.at}</time>
            </li>
          ))}
        </ol>
      </section>
      {receipt ? (
        <section className="receipt" aria-label={t('pt.receiptTitle')}>
          <div className="receipt-head">
            <h3>{t('pt.receiptTitle')}</h3>
            <span className="receipt-state paid">{t('receipt.successful')}</span>
          </div>
          <dl className="facts">
            <div>
              <dt>{t('pt.packagesTitle')}</dt>
              <dd>{c.packageName}</dd>
            </div>
            <div>
              <dt>{t('pt.trainer')}</dt>
              <dd>{c.trainerName}</dd>
            </div>
            <div>
              <dt>{t('receipt.club')}</dt>
              <dd>{c.clubName}</dd>
            </div>
            <div>
              <dt>{t('pt.sessions')}</dt>
              <dd>{c.sessions}</dd>
            </div>
            <div>
              <dt>{t('pt.validFor')}</dt>
              <dd>{c.from && c.to ? `${c.from} – ${c.to}` : t('pt.validity', { days: c.validityDays })}</dd>
            </div>
            <div>
              <dt>{t('pt.receiptPaidAt')}</dt>
              <dd>{receipt.paidAt}</dd>
            </div>
            <div>
              <dt>{t('pt.receiptMethod')}</dt>
              <dd>{t(methodKey(receipt.method))}</dd>
            </div>
            <div>
              <dt>{t('pt.receiptId')}</dt>
              <dd className="mono">{receipt.transactionId}</dd>
            </div>
            <div className="receipt-total">
              <dt>{t('pt.receiptTotal')}</dt>
              <dd>{receipt.total}</dd>
            </div>
          </dl>
        </section>
      ) : null}
    </main>
  );
}
