import { Form, useSubmit } from 'react-router';
import { useT } from '#app/i18n.ts';
import type { DeskClub } from './clubs.server.ts';

/** Who: the name and the phone to call (a member who has not named themselves yet: the phone alone). */
export function MemberLine({
  member,
  className,
}: {
  member: { fullName: string; phoneNumber: string };
  className?: string;
}) {
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
export function ActionButtons({
  name,
  value,
  buttons,
  busy,
}: {
  name: string;
  value: number;
  buttons: { intent: string; label: string; primary?: boolean }[];
  busy: boolean;
}) {
  // `busy` comes from the page (one useNavigation for a list of many rows, not one per row).
  return (
    <Form method="post" className="staff-actions">
      <input type="hidden" name={name} value={value} />
      {buttons.map((b) => (
        <button
          key={b.intent}
          type="submit"
          name="intent"
          value={b.intent}
          className={`button ${b.primary ? 'button-primary' : 'button-secondary'}`}
          disabled={busy}
        >
          {b.label}
        </button>
      ))}
    </Form>
  );
}

/**
 * The club a desk page shows, for a GM (more than one club): a select that reloads the page with
 * `?club=` (with JavaScript at once; without, by its button). `keep` carries the page's other query values.
 */
export function ClubPicker({
  id,
  label,
  clubs,
  clubId,
  keep,
}: {
  id: string;
  label: string;
  clubs: DeskClub[];
  clubId: number | null;
  keep?: Record<string, string>;
}) {
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
