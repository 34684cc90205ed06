import { useT } from '#app/i18n.ts';
import type { MembershipTerms } from './membership-ui.tsx';
import type { FreePtOffer, FreePtOffers } from './membership.server.ts';

// The compare-plans panel and the membership FAQ of /membership (spec §2, §9), with their own
// strings part (ADR 030): the club and plan pages load neither.

/** The compare-plans panel: every club (Black Card) against one club, six rows (§9). The free PT sessions are the plans' own (issue 37 §5). */
export function ComparePlans({
  clubCount,
  terms,
  freePt,
}: {
  clubCount: number;
  terms: MembershipTerms;
  freePt: FreePtOffers | null;
}) {
  const { t } = useT();
  const days = { days: terms.referralDays };
  const ptCell = (offers: FreePtOffer[] | undefined) =>
    !offers
      ? t('membershipGuide.compare.askClub')
      : offers.length === 0
        ? t('membershipGuide.compare.none')
        : offers
            .map((offer) => t('membershipGuide.compare.ptOffer', { count: offer.sessions, plans: offer.plans }))
            .join('; ');
  const rows: [string, string, string][] = [
    [
      t('membershipGuide.compare.clubs'),
      t('membershipGuide.compare.clubsMulti', { count: clubCount }),
      t('membershipGuide.compare.clubsSingle'),
    ],
    [
      t('membershipGuide.compare.visits'),
      t('membershipGuide.compare.unlimited'),
      t('membershipGuide.compare.unlimited'),
    ],
    [t('membershipGuide.compare.pt', { days: terms.freePtDays }), ptCell(freePt?.multi), ptCell(freePt?.single)],
    [
      t('membershipGuide.compare.amenities'),
      t('membershipGuide.compare.amenitiesMulti'),
      t('membershipGuide.compare.amenitiesSingle'),
    ],
    [
      t('membershipGuide.compare.terms'),
      t('membershipGuide.compare.termsMulti'),
      t('membershipGuide.compare.termsSingle'),
    ],
    [
      t('membershipGuide.compare.referral'),
      t('membershipGuide.compare.referralBonus', days),
      t('membershipGuide.compare.referralSingle', days),
    ],
  ];
  return (
    <details className="compare-panel">
      <summary>{t('membershipGuide.compare.title')}</summary>
      <table className="compare-table">
        <caption className="visually-hidden">{t('membershipGuide.compare.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('membershipGuide.compare.benefit')}</th>
            <th scope="col">{t('membershipGuide.compare.multi')}</th>
            <th scope="col">{t('membershipGuide.compare.single')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([benefit, multi, single]) => (
            <tr key={benefit}>
              <th scope="row">{benefit}</th>
              <td>{multi}</td>
              <td>{single}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** The membership FAQ: four entries (§9), open one at a time without JavaScript. */
export function MembershipFaq({ terms }: { terms: MembershipTerms }) {
  const { t } = useT();
  const vars = { minutes: terms.paymentMinutes, days: terms.referralDays };
  return (
    <section aria-labelledby="membership-faq">
      <h2 id="membership-faq" className="section-title">
        {t('membershipGuide.faq.title')}
      </h2>
      <div className="faq">
        {([1, 2, 3, 4] as const).map((n) => (
          <details key={n} className="faq-item" name="membership-faq">
            <summary>{t(`membershipGuide.faq.q${n}`)}</summary>
            <p className="faq-answer">{t(`membershipGuide.faq.a${n}`, vars)}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
