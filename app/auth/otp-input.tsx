import { useEffect, useRef } from 'react';

type Props = {
  name: string;
  length: number;
  label: (n: number) => string;
  invalid: boolean;
  describedBy?: string;
  /** A new value (a refused code) empties the boxes for the next try. */
  resetKey?: unknown;
};

/**
 * Four real inputs of one name: the server joins them, so it works without JavaScript.
 * With JavaScript: typing moves on, Backspace moves back, a paste or an SMS autofill
 * fills every box, and a full code submits the form (also one typed before hydration).
 */
export function OtpInput({ name, length, label, invalid, describedBy, resetKey }: Props) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  useEffect(() => {
    if (resetKey === undefined) return;
    for (const box of boxes.current) if (box) box.value = '';
    boxes.current[0]?.focus();
  }, [resetKey]);

  // A code typed before the page hydrated (a slow phone) had no handler to submit it: submit it now.
  useEffect(() => {
    const form = boxes.current[0]?.form;
    if (!form) return;
    const typed = new FormData(form).getAll(name).join('').replace(/\D/g, '');
    if (typed.length === length) form.requestSubmit();
  }, [name, length]);

  const fill = (start: number, digits: string) => {
    let index = start;
    for (const digit of digits) {
      const box = boxes.current[index];
      if (!box) break;
      box.value = digit;
      index++;
    }
    const target = boxes.current[Math.min(index, length - 1)];
    target?.focus();
    if (boxes.current.every((b) => b?.value)) target?.form?.requestSubmit();
  };

  return (
    <div className="otp" role="group">
      {Array.from({ length }, (_, i) => (
        <input
          key={i}
          ref={(el) => {
            boxes.current[i] = el;
          }}
          name={name}
          className="otp-box"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={i === 0 ? length : 1}
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          autoFocus={i === 0}
          aria-label={label(i + 1)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onInput={(event) => {
            const box = event.currentTarget;
            const digits = box.value.replace(/\D/g, '');
            box.value = '';
            if (digits) fill(i, digits);
          }}
          onPaste={(event) => {
            const digits = event.clipboardData.getData('text').replace(/\D/g, '').slice(0, length);
            if (!digits) return;
            event.preventDefault();
            fill(0, digits);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Backspace' && !event.currentTarget.value && i > 0) {
              const previous = boxes.current[i - 1];
              if (previous) {
                previous.value = '';
                previous.focus();
              }
              event.preventDefault();
            }
          }}
        />
      ))}
    </div>
  );
}
