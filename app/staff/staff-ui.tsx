import type { ReactNode } from 'react';
import { Form, useSubmit } from 'react-router';
import { useT } from '#app/i18n.ts';
import { FieldErrors } from '#app/ui/field.tsx';
import type { DeskClub } from './clubs.server.ts';

/** Who: the name and the phone to call (a member who has not named themselves yet: the phone alone). */
export function MemberLine({ member, className }: { member: { fullName: string; phoneNumber: string }; className?: string }) {
  const name = member.fullName.trim();
  return (
    <p className={className}>
      {name ? <strong>{name} · </strong> : null}
      <span className="mono">{member.phoneNumber}</span>
    </p>
  );
}

/**
 * Buttons that each post one answer about one thing (`name`=`value`, `intent`=the button's): the
 * agenda's confirm/decline, a class's attended/no-show, a transfer's reviewed.
 */
export function ActionButtons({ name, value, buttons, busy }: { name: string; value: number; buttons: { intent: string; label: string; primary?: boolean }[]; busy: boolean }) {
  // `busy` comes from the page (one useNavigation for a list of many rows, not one per row).
  return (
    <Form method="post" className="staff-actions">
      <input type="hidden" name={name} value={value} />
      {buttons.map((b) => (
        <button key={b.intent} type="submit" name="intent" value={b.intent} className={`button ${b.primary ? 'button-primary' : 'button-secondary'}`} disabled={busy}>
          {b.label}
        </button>
      ))}
    </Form>
  );
}

/**
 * A member looked up by phone: a GET form that reloads the page with `?phone=` (JavaScript on or
 * off), the number typed kept in the box with the loader's message under it. `keep` carries the
 * page's other query values; `children` come after the field (the cash desk's "show all").
 */
export function PhoneSearch({
  id,
  label,
  submitLabel,
  typed,
  error,
  keep,
  className,
  children,
}: {
  id: string;
  label: string;
  submitLabel: string;
  typed: string;
  error: string | null;
  keep?: Record<string, string>;
  className?: string;
  children?: ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <Form method="get" className={className}>
      {Object.entries(keep ?? {}).map(([key, v]) => (
        <input key={key} type="hidden" name={key} value={v} />
      ))}
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <div className="input-row">
          <input id={id} name="phone" type="tel" inputMode="tel" defaultValue={typed} className="input" aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} />
          <button type="submit" className="button button-secondary">
            {submitLabel}
          </button>
        </div>
        <FieldErrors id={errorId} errors={error ? [error] : undefined} />
      </div>
      {children}
    </Form>
  );
}

/**
 * The club a desk page shows, for a GM (more than one club): a select that reloads the page with
 * `?club=` (with JavaScript at once; without, by its button). `keep` carries the page's other query values.
 */
export function ClubPicker({ id, label, clubs, clubId, keep }: { id: string; label: string; clubs: DeskClub[]; clubId: number | null; keep?: Record<string, string> }) {
  const { lang } = useT();
  const submit = useSubmit();
  if (clubs.length < 2) return null;
  return (
    <Form method="get" className="field" onChange={(event) => void submit(event.currentTarget)}>
      <label htmlFor={id}>{label}</label>
      {Object.entries(keep ?? {}).map(([key, v]) => (
        <input key={key} type="hidden" name={key} value={v} />
      ))}
      <div className="input-row">
        <select id={id} name="club" defaultValue={clubId ?? undefined} className="input">
          {clubs.map((club) => (
            <option key={club.id} value={club.id}>
              {lang === 'en' ? club.nameEn : club.nameVi}
            </option>
          ))}
        </select>
        <noscript>
          <button type="submit" className="button button-secondary">
            {label}
          </button>
        </noscript>
      </div>
    </Form>
  );
}
