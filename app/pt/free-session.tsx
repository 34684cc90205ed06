import { Link } from 'react-router';
import { ChoiceForm } from '#app/ui/choice-form.tsx';
import { pick, tryLoad } from '#app/account/account.server.ts';
import { useT } from '#app/i18n.ts';
import { getLang } from '#app/server/i18n.server.ts';
import type { ShellHandle } from '#app/shell/handle.ts';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { pageMeta } from '#app/ui/meta.ts';
import { formatDate } from '#api/format.ts';
import { loadFreePtOffers } from '#app/membership/membership.server.ts';
import { FreePtOfferLines } from '#app/membership/free-pt-offers.tsx';
import { bookingAction, bookingView } from './pt.server.ts';
import { BookingCard } from './booking-card.tsx';
import { PtPageFailed } from './pt-page-failed.tsx';
import { dayViews, SlotPicker } from './slot-picker.tsx';
import { freeSessionRead } from './pt.read.server.ts';
import type { Route } from './+types/free-session';

// /pt/free-session (issue 13 §4, ADR 048): the member's free trial sessions at a club (the clubs
// where they have some, if several), the days of the next one's window and the starts at which a
// trainer of the club is free, Book; below, each session's booking with Cancel, or Accept and
// Reject for a time the club proposed. All of it works without JavaScript.

export const handle: ShellHandle = { strings: ['pt'], back: { to: '/pt', label: 'pt.title' } };

/** Its one gateway read, the member shell with it (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [freeSessionRead.declare];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pt.trial.title');

/** Where the member came from, when not from /pt: the back link leads there (issue 37 §4). */
const BACKS = {
  guide: { to: '/home/workout-with-us', label: 'pt.trial.backToGuide' },
  home: { to: '/home', label: 'nav.home' },
} as const;
const cameFrom = (url: URL) => {
  const from = url.searchParams.get('from');
  return from === 'guide' || from === 'home' ? from : null;
};

export async function loader(args: Route.LoaderArgs) {
  const lang = getLang(args.context);
  const from = cameFrom(new URL(args.request.url));
  const [freePt, screen] = await Promise.all([loadFreePtOffers(args), loadScreen(args, lang)]);
  return { screen, from, back: from ? BACKS[from] : undefined, offers: freePt };
}

async function loadScreen(args: Route.LoaderArgs, lang: ReturnType<typeof getLang>) {
  return tryLoad(async () => {
    const s = await freeSessionRead.screen(args);
    const info = s.info;
    return {
      clubs: s.clubs.map((c) => ({ id: c.clubId, name: pick(lang, c.nameVi, c.nameEn), left: c.left })),
      info: info && {
        clubId: info.clubId,
        total: info.total,
        left: info.left,
        nextFreeSessionId: info.nextFreeSessionId,
        validUntil: info.sessions.find((x) => x.freeSessionId === info.nextFreeSessionId)?.validUntil ?? null,
        days: dayViews(info.days),
        date: info.date,
        slots: info.slots,
        inTheWorks: info.sessions.some(
          (x) => x.status === 'WAITPTCONFIRM' || x.status === 'WAITCUSCONFIRM' || x.status === 'BOOKED',
        ),
        bookings: info.sessions.flatMap((x) => (x.booking ? [bookingView(x.booking, lang)] : [])),
      },
    };
  });
}

export const action = (args: Route.ActionArgs) => bookingAction(args);

export default function FreeSessionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const { screen, from, offers } = loaderData;
  if (!screen.ok) return <PtPageFailed title={t('pt.trial.title')} message={screen.message} />;
  const { clubs, info } = screen.value;
  return (
    <main className="page pt-page">
      <h1>{t('pt.trial.title')}</h1>
      {!info ? (
        // Issue 37 §4: what a member without a free session can do: call a club, or buy a plan that gives some (as the plans say).
        <EmptyState icon="gift" title={t('pt.trial.noneTitle')} text={t('pt.trial.noneText')}>
          <FreePtOfferLines
            offers={offers}
            say={(offer, days) => t('pt.trial.offer', { plans: offer.plans, count: offer.sessions, days })}
          />
          <Link to="/account/contact" className="button button-primary">
            {t('pt.trial.callClub')}
          </Link>
          <Link to="/membership" className="button button-secondary">
            {t('pt.trial.seePlans')}
          </Link>
        </EmptyState>
      ) : (
        <>
          <p className="lead">{t('pt.trial.lead')}</p>
          {clubs.length > 1 ? (
            <ChoiceForm
              name="club"
              label={t('pt.trial.club')}
              value={info.clubId}
              options={clubs.map((c) => ({
                value: c.id,
                label: `${c.name} · ${t('pt.trial.leftShort', { count: c.left })}`,
              }))}
              buttonLabel={t('pt.trial.showClub')}
            />
          ) : (
            <p className="small">{clubs[0]?.name}</p>
          )}
          <p className="trial-left">
            <strong>{t('pt.trial.left', { left: info.left, total: info.total })}</strong>
            {info.validUntil ? (
              <span className="small"> · {t('pt.trial.until', { date: formatDate(info.validUntil) })}</span>
            ) : null}
          </p>
          {info.nextFreeSessionId !== null && info.date !== null ? (
            <SlotPicker
              days={info.days}
              date={info.date}
              slots={info.slots}
              dayHref={(d) => `/pt/free-session?club=${info.clubId}&date=${d}${from ? `&from=${from}` : ''}`}
              hidden={{ freeSessionId: info.nextFreeSessionId }}
              chosen={actionData?.afterMinute}
              error={actionData?.bookingId === null ? actionData.error : null}
              submitLabel={t('pt.trial.submit')}
            />
          ) : (
            <p className="notice">{info.inTheWorks ? t('pt.trial.finishFirst') : t('pt.trial.noneLeft')}</p>
          )}
          <p className="small muted">{t('pt.trial.trainerPicked')}</p>
        </>
      )}
      {info && info.bookings.length > 0 ? (
        <section aria-labelledby="trial-bookings-title">
          <h2 id="trial-bookings-title" className="section-title">
            {t('pt.trial.yours')}
          </h2>
          <ul className="contract-list">
            {info.bookings.map((b) => (
              <li key={b.id}>
                <BookingCard booking={b} error={actionData?.bookingId === b.id ? actionData.error : undefined} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
