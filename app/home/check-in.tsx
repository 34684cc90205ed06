import { pick } from '#app/account/account.server.ts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { profileSchema } from '#contract/auth.ts';
import { formatDateTimeSeconds } from '#contract/format.ts';
import { accessClubSchema, homePageContractsSchema } from '#contract/membership.ts';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { gatewayClient } from '#app/server/gateway.server.ts';
import { useT } from '#app/i18n.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { getLang } from '#app/server/i18n.server.ts';
import { contractView } from '#app/payments/payment.server.ts';
import type { Route } from './+types/check-in';
import type { ShellHandle } from '#app/shell/layout.main.tsx';

// Issue 10 §8: the home card's Check-in must not be a dead end before the signed QR check-in
// (issue 11) exists. Until then it opens the member's pass for reception: who, which plan, valid
// until when, which clubs, and a running clock so a screenshot of yesterday's pass is easy to spot.

export const handle: ShellHandle = { strings: ['home'], back: { to: '/home', label: 'nav.home' } };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'checkIn.title');

export async function loader(args: Route.LoaderArgs) {
  const call = gatewayClient(args);
  const lang = getLang(args.context);
  const [profile, home, clubs] = await Promise.all([
    call('/api/v1/auth/profile', profileSchema),
    call('/api/v1/member/contracts/home-page', homePageContractsSchema),
    call('/api/v1/member/contract/access-clubs', z.array(accessClubSchema)),
  ]);
  const current = home.data.current;
  return {
    name: profile.data.fullName.trim(),
    phone: profile.data.phoneNumber,
    memberNo: String(profile.data.id).padStart(6, '0'),
    pass: current && !home.data.frozenUntil ? contractView(current, lang) : null,
    frozenUntil: home.data.frozenUntil,
    clubs: clubs.data.map((c) => pick(lang, c.nameVi, c.nameEn)),
    now: formatDateTimeSeconds(new Date()),
  };
}

/** The time, ticking every second once the page runs (the server's time until then). */
function LiveClock({ initial }: { initial: string }) {
  const [now, setNow] = useState(initial);
  useEffect(() => {
    const timer = setInterval(() => setNow(formatDateTimeSeconds(new Date())), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time className="pass-clock mono" aria-live="off">
      {now}
    </time>
  );
}

export default function CheckIn({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { pass, name, phone, memberNo, clubs } = loaderData;
  if (!pass) {
    return (
      <main className="page">
        <h1>{t('checkIn.title')}</h1>
        <EmptyState icon="membership" title={t('checkIn.noneTitle')} text={t('checkIn.noneText')}>
          <Link to="/home/your-plan" className="button button-secondary">
            {t('homeCard.yourPlan')}
          </Link>
          <Link to="/membership" className="button button-primary">
            {t('homeCard.joinNow')}
          </Link>
        </EmptyState>
      </main>
    );
  }
  return (
    <main className="page">
      <h1>{t('checkIn.title')}</h1>
      <p className="lead">{t('checkIn.lead')}</p>
      <section className="member-pass" aria-labelledby="pass-name">
        <p className="pass-kicker">{t('checkIn.kicker')}</p>
        <h2 id="pass-name" className="pass-name">
          {name || phone}
        </h2>
        <p className="pass-line">
          {t('checkIn.memberNo', { no: memberNo })}
          {name ? ` · ${phone}` : null}
        </p>
        <p className="pass-plan">{pass.planName}</p>
        <p className="pass-line">{t('homeCard.validUntil', { date: pass.endDate })}</p>
        <p className="pass-line">{pass.allClubs ? t('homeCard.allClubs') : clubs.join(' · ')}</p>
        <LiveClock initial={loaderData.now} />
      </section>
      <p className="small muted">{t('checkIn.qrSoon')}</p>
    </main>
  );
}
