import { useSaveData } from './hooks.ts';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The first letter of the last two words, as the reader sees a letter (issue 10 §12): a whole
 * grapheme, so an emoji or a letter with its combining marks ("Ệ" typed as E + two marks) is never
 * cut in half. Upper-cased, and composed (NFC) so the server and the browser print the same text.
 */
export function initialsOf(name: string) {
  return name
    .normalize('NFC')
    .split(/\s+/)
    .filter(Boolean)
    .slice(-2)
    .map((word) => graphemes.segment(word)[Symbol.iterator]().next().value?.segment.toUpperCase() ?? '')
    .join('');
}

/**
 * The member's photo, or their initials (or a silhouette when they have no name yet). Sized by
 * CSS classes, never a style attribute: the page CSP refuses inline styles.
 */
export function Avatar({ url, name }: { url: string | null; name: string }) {
  const initials = initialsOf(name);
  // With the data saver on (ADR 068), a photo out of view is not fetched until scrolled to.
  const saveData = useSaveData();
  if (url)
    return (
      <img
        className="avatar"
        src={url}
        alt=""
        width={72}
        height={72}
        decoding="async"
        loading={saveData ? 'lazy' : undefined}
      />
    );
  return (
    <span className="avatar avatar-empty" aria-hidden="true">
      {initials || (
        <svg viewBox="0 0 24 24" width="40" height="40">
          <path
            fill="currentColor"
            d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-4.4 0-9 2.2-9 5.5V22h18v-2.5c0-3.3-4.6-5.5-9-5.5Z"
          />
        </svg>
      )}
    </span>
  );
}
