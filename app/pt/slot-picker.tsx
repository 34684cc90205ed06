import { Form, Link, useNavigation } from 'react-router';
import { useT } from '#app/i18n.ts';

export type DayView = { date: string; weekday: number; dayOfMonth: number };

/** The days a page offers, as its strip shows them. */
export const dayViews = (days: string[]): DayView[] =>
  days.map((d) => ({ date: d, weekday: new Date(`${d}T00:00:00Z`).getUTCDay(), dayOfMonth: Number(d.slice(8, 10)) }));

/**
 * A day strip (links: works without JavaScript) and the free starts of the chosen day as radio
 * buttons, with the Book button: /pt/booking's and /pt/free-session's picker. `hidden` are the
 * fields that say what is booked; a refusal (`error`) shows above the button and the choice stays.
 */
export function SlotPicker(props: {
  days: DayView[];
  date: string;
  slots: { afterMinute: number; time: string }[];
  dayHref: (date: string) => string;
  hidden: Record<string, string | number>;
  chosen: string | null | undefined;
  error: string | null | undefined;
  submitLabel: string;
}) {
  const { t } = useT();
  const navigation = useNavigation();
  const weekdays = t('pt.booking.weekdaysShort').split('|');
  return (
    <>
      <nav aria-label={t('pt.booking.day')}>
        <ol className="day-strip">
          {props.days.map((d) => (
            <li key={d.date}>
              <Link
                to={props.dayHref(d.date)}
                className="day-link"
                aria-current={d.date === props.date ? 'date' : undefined}
                replace
                preventScrollReset
              >
                <span className="small">{weekdays[d.weekday]}</span>
                <strong>{d.dayOfMonth}</strong>
              </Link>
            </li>
          ))}
        </ol>
      </nav>
      <Form method="post" className="stack">
        {Object.entries(props.hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="date" value={props.date} />
        <fieldset className="field">
          <legend className="label">{t('pt.booking.time')}</legend>
          {props.slots.length === 0 ? (
            <p className="muted">{t('pt.booking.noSlots')}</p>
          ) : (
            <div className="slot-grid">
              {props.slots.map((s) => (
                <label key={s.afterMinute} className="slot">
                  <input
                    type="radio"
                    name="afterMinute"
                    value={s.afterMinute}
                    defaultChecked={props.chosen === String(s.afterMinute)}
                  />
                  <span>{s.time}</span>
                </label>
              ))}
            </div>
          )}
        </fieldset>
        {props.error ? (
          <p className="form-error" role="alert">
            {props.error}
          </p>
        ) : null}
        <button
          type="submit"
          name="intent"
          value="book"
          className="button button-primary button-block"
          disabled={props.slots.length === 0 || navigation.state === 'submitting'}
        >
          {props.submitLabel}
        </button>
      </Form>
    </>
  );
}
