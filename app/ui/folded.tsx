import type { ReactNode } from 'react';

/**
 * Without JavaScript a payment page reloads itself every 5 s to notice the payment, which would fold
 * a <details> the member just opened. So there, a folded part is a link to the page with that part
 * unfolded (?open=another|cancel), and that page does not reload itself.
 */
export type UnfoldedPart = 'another' | 'cancel' | 'unfreeze' | 'book';

/**
 * A folded part of the payment page. With JavaScript, a <details> (no reload ever folds it again);
 * without, a link to the page with the part unfolded (see unfoldedPart). `look` styles its opener (a link by default).
 */
export function FoldedWithoutJs({
  part,
  unfolded,
  label,
  look = 'button-link',
  children,
}: {
  part: Exclude<UnfoldedPart, null>;
  unfolded: boolean;
  label: string;
  look?: string;
  children: ReactNode;
}) {
  return (
    <>
      {unfolded ? null : (
        <noscript>
          <a href={`?open=${part}#${part}`} className={`button ${look} confirm-box-link`}>
            {label}
          </a>
        </noscript>
      )}
      <details id={part} className={unfolded ? 'confirm-box' : 'confirm-box js-only'} open={unfolded || undefined}>
        <summary className={`button ${look}`}>{label}</summary>
        {children}
      </details>
    </>
  );
}
