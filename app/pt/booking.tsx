import { Form, Link, useNavigation, useSubmit } from 'react-router';
import { tryLoad } from '#app/account/account.server.ts';
import { useT } from '#app/i18n.ts';
import { getLang } from '#app/server/i18n.server.ts';
import { memberRead } from '#app/shell/layout.main.server.ts';
import type { ShellHandle } from '#app/shell/layout.main.tsx';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { useHydrated } from '#app/ui/hooks.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { bookingAction, bookingView, ptContractView } from './pt.server.ts';
import { BookingCard } from './booking-card.tsx';
import { PtPageFailed } from './pt-page-failed.tsx';
import type { Route } from './+types/booking';

// §2 /pt/booking: a package (if several), a day of the next 14 (links), the trainer's free starts
// that day (radio buttons), Book (1033); below, the member's sessions with their state, Cancel while
// the trainer has not confirmed, and stars for a completed one. All of it works without JavaScript.

export const handle: ShellHandle = { strings: ['classes', 'pt'], back: { to: '/pt', label: 'pt.title' } };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pt.booking.title');

export async function loader(args: Route.LoaderArgs) {
  const lang = getLang(args.context);
  const screen = await tryLoad(async () => {
    const { ptBookingScreen: s } = await memberRead(args);
    if (!s) throw new Error('/pt/booking reads /member/screens/pt-booking: the screen is missing');
    return {
      contracts: s.contracts.map((c) => ptContractView(c, lang)),
      contractId: s.ptContractId,
      date: s.date,
      days: s.days.map((d) => ({ date: d, weekday: new Date(`${d}T00:00:00Z`).getUTCDay(), dayOfMonth: Number(d.slice(8, 10)) })),
      slots: s.slots,
      bookings: s.bookings.map((b) => bookingView(b, lang)),
    };
  });
  return { screen };
}

export const action = (args: Route.ActionArgs) => bookingAction(args);

export default function PtBooking({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const submit = useSubmit();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const { screen } = loaderData;
  if (!screen.ok) return <PtPageFailed title={t('pt.booking.title')} message={screen.message} />;
  const { contracts, contractId, date, days, slots, bookings } = screen.value;
  const contract = contracts.find((c) => c.id === contractId);
  const weekdays = t('classes.weekdaysShort').split('|');
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
            <Form method="get" className="stack">
              <label className="field">
                <span className="label">{t('pt.booking.package')}</span>
                <select name="contract" className="input" defaultValue={String(contract.id)} onChange={(event) => void submit(event.currentTarget.form)}>
                  {contracts.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.packageName} · {c.trainerName}
                    </option>
                  ))}
                </select>
              </label>
              {hydrated ? null : (
                <button type="submit" className="button button-secondary button-block">
                  {t('pt.booking.showPackage')}
                </button>
              )}
            </Form>
          ) : (
            <p className="small">
              {contract.packageName} · {t('pt.with', { name: contract.trainerName })} · {t('pt.sessionsLeft', { left: contract.sessionsLeft, total: contract.sessions })}
            </p>
          )}
          <nav aria-label={t('pt.booking.day')}>
            <ol className="day-strip">
              {days.map((d) => (
                <li key={d.date}>
                  <Link to={`/pt/booking?contract=${contract.id}&date=${d.date}`} className="day-link" aria-current={d.date === date ? 'date' : undefined} replace preventScrollReset>
                    <span className="small">{weekdays[d.weekday]}</span>
                    <strong>{d.dayOfMonth}</strong>
                  </Link>
                </li>
              ))}
            </ol>
          </nav>
          <Form method="post" className="stack">
            <input type="hidden" name="ptContractId" value={contract.id} />
            <input type="hidden" name="date" value={date} />
            <fieldset className="field">
              <legend className="label">{t('pt.booking.time')}</legend>
              {slots.length === 0 ? (
                <p className="muted">{t('pt.booking.noSlots')}</p>
              ) : (
                <div className="slot-grid">
                  {slots.map((s) => (
                    <label key={s.afterMinute} className="slot">
                      <input type="radio" name="afterMinute" value={s.afterMinute} defaultChecked={actionData?.afterMinute === String(s.afterMinute)} />
                      <span>{s.time}</span>
                    </label>
                  ))}
                </div>
              )}
            </fieldset>
            {actionData?.error && actionData.bookingId === null ? (
              <p className="form-error" role="alert">
                {actionData.error}
              </p>
            ) : null}
            <button type="submit" name="intent" value="book" className="button button-primary button-block" disabled={slots.length === 0 || navigation.state === 'submitting'}>
              {t('pt.booking.submit')}
            </button>
          </Form>
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
