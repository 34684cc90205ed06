import { Link } from 'react-router';
import { ChoiceForm } from '#app/ui/choice-form.tsx';
import { tryLoad } from '#app/account/account.server.ts';
import { useT } from '#app/i18n.ts';
import { getLang } from '#app/server/i18n.server.ts';
import type { ShellHandle } from '#app/shell/handle.ts';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { pageMeta } from '#app/ui/meta.ts';
import { bookingAction, bookingView, ptContractView } from './pt.server.ts';
import { BookingCard } from './booking-card.tsx';
import { dayViews, SlotPicker } from './slot-picker.tsx';
import { PtPageFailed } from './pt-page-failed.tsx';
import { ptBookingRead } from './pt.read.server.ts';
import type { Route } from './+types/booking';

// §2 /pt/booking: a package (if several), a day of the next 14 (links), the trainer's free starts
// that day (radio buttons), Book (1033); below, the member's sessions with their state, Cancel while
// the trainer has not confirmed, and stars for a completed one. All of it works without JavaScript.

export const handle: ShellHandle = { strings: ['pt'], back: { to: '/pt', label: 'pt.title' } };

/** Its one gateway read, the member shell with it (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [ptBookingRead.declare];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pt.booking.title');

export async function loader(args: Route.LoaderArgs) {
  const lang = getLang(args.context);
  const screen = await tryLoad(async () => {
    const s = await ptBookingRead.screen(args);
    return {
      contracts: s.contracts.map((c) => ptContractView(c, lang)),
      contractId: s.ptContractId,
      eContractToSign: s.eContractToSign,
      date: s.date,
      days: dayViews(s.days),
      slots: s.slots,
      bookings: s.bookings.map((b) => bookingView(b, lang)),
    };
  });
  return { screen };
}

export const action = (args: Route.ActionArgs) => bookingAction(args);

export default function PtBooking({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const { screen } = loaderData;
  if (!screen.ok) return <PtPageFailed title={t('pt.booking.title')} message={screen.message} />;
  const { contracts, contractId, eContractToSign, date, days, slots, bookings } = screen.value;
  const contract = contracts.find((c) => c.id === contractId);
  return (
    <main className="page pt-page">
      <h1>{t('pt.booking.title')}</h1>
      {!contract ? (
        <EmptyState icon="calendarCheck" title={t('pt.booking.noPackageTitle')} text={t('pt.booking.noPackageText')}>
          <Link to="/pt/select-pt" className="button button-primary">
            {t('pt.buy')}
          </Link>
        </EmptyState>
      ) : (
        <>
          <p className="lead">{t('pt.booking.lead')}</p>
          {contracts.length > 1 ? (
            <ChoiceForm
              name="contract"
              label={t('pt.booking.package')}
              value={contract.id}
              options={contracts.map((c) => ({ value: c.id, label: `${c.packageName} · ${c.trainerName}` }))}
              buttonLabel={t('pt.booking.showPackage')}
            />
          ) : (
            <p className="small">
              {contract.packageName} · {t('pt.with', { name: contract.trainerName })} ·{' '}
              {t('pt.sessionsLeft', { left: contract.sessionsLeft, total: contract.sessions })}
            </p>
          )}
          {eContractToSign !== null ? (
            // Sessions are booked under a signed contract (issue 38 §6): the gateway refuses before it.
            <div className="notice spaced">
              <p>{t('pt.booking.signFirst')}</p>
              <Link to={`/pt/contract/${eContractToSign}/preview`} className="button button-primary button-block">
                {t('pt.eContract.sign')}
              </Link>
            </div>
          ) : (
            <SlotPicker
              days={days}
              date={date}
              slots={slots}
              dayHref={(d) => `/pt/booking?contract=${contract.id}&date=${d}`}
              hidden={{ ptContractId: contract.id }}
              chosen={actionData?.afterMinute}
              error={actionData?.bookingId === null ? actionData.error : null}
              submitLabel={t('pt.booking.submit')}
            />
          )}
        </>
      )}
      <section aria-labelledby="pt-bookings-title">
        <h2 id="pt-bookings-title" className="section-title">
          {t('pt.booking.yours')}
        </h2>
        {bookings.length === 0 ? (
          <p className="muted">{t('pt.booking.none')}</p>
        ) : (
          <ul className="contract-list">
            {bookings.map((b) => (
              <li key={b.id}>
                <BookingCard booking={b} error={actionData?.bookingId === b.id ? actionData.error : undefined} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
