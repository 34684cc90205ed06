import { useState, type ReactNode } from 'react';
import { MAX_STARS } from '#api/feedback-types.ts';
import { useHydrated } from './hooks.ts';

const STARS = Array.from({ length: MAX_STARS }, (_, i) => i + 1);

export type StarTexts = {
  legend: ReactNode;
  /** One star's accessible name: "4 ngôi sao". */
  star: (n: number) => string;
  /** What is chosen, said to screen readers and shown beside the stars: "Bạn chọn 4/5 sao". */
  chosen: (n: number) => string;
  /** Said and shown while nothing is chosen. */
  none: string;
};

/**
 * 1–5 stars as radio buttons in their natural order (the keyboard's arrows and screen readers go
 * 1 → 5). The CSS lights the checked star and the ones before it, so only the chosen stars look
 * chosen with or without JavaScript; a live status says the choice. Without JavaScript that status
 * is the CSS's too (the line of the checked star is shown), with it React writes the one line.
 * `error` is the server's; it goes once a star is chosen (the CSS hides it without JavaScript).
 */
export function StarRating({
  id,
  name,
  value = '',
  onChange,
  error,
  texts,
  className = 'field stars-field',
}: {
  id: string;
  name: string;
  value?: string;
  onChange?: (rate: string) => void;
  error?: string;
  texts: StarTexts;
  className?: string;
}) {
  const hydrated = useHydrated();
  const [rate, setRate] = useState(value);
  const shownError = rate === '' ? error : undefined;
  const choose = (n: string) => {
    setRate(n);
    onChange?.(n);
  };
  return (
    <fieldset className={className} aria-describedby={shownError ? `${id}-error` : undefined}>
      <legend>{texts.legend}</legend>
      <div className="stars">
        {STARS.map((n) => (
          <label key={n} className="star" title={texts.star(n)}>
            <input
              type="radio"
              name={name}
              value={String(n)}
              defaultChecked={value === String(n)}
              onChange={() => choose(String(n))}
              aria-invalid={shownError ? true : undefined}
            />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{texts.star(n)}</span>
          </label>
        ))}
      </div>
      <p className="hint stars-said" role="status">
        {hydrated ? (
          <span className="stars-said-now">{rate ? texts.chosen(Number(rate)) : texts.none}</span>
        ) : (
          <>
            <span data-n="0">{texts.none}</span>
            {STARS.map((n) => (
              <span key={n} data-n={n}>
                {texts.chosen(n)}
              </span>
            ))}
          </>
        )}
      </p>
      {shownError ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {shownError}
        </p>
      ) : null}
    </fieldset>
  );
}
