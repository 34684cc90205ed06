// ADR 087: React Router's <ScrollRestoration> writes an inline script that runs while the page is
// parsed, before the first paint. It gives a new history entry a random key, then reads the stored
// scroll positions from sessionStorage and scrolls to the one kept for the entry's key. The read is
// the first sessionStorage access of the page: a synchronous call to the browser process, 2–10 ms of
// main thread under load (Lighthouse traces; the other inline scripts take 0.1–0.5 ms), in the
// middle of the first parse. On a new entry (a link from elsewhere, a typed address, a first visit)
// the key was just drawn at random, so nothing can be stored under it: the read can only miss.

/** React Router's script as it writes it, without a `getKey` (the root passes none). */
const SCROLL_SCRIPT =
  /(<script\b[^>]*>)(\(\(storageKey\w*, restoreKey\) => \{[\s\S]*?\}\)\("react-router-scroll-positions", null\))<\/script>/;

/**
 * The page with React Router's scroll script run only for an entry that already has a key (a
 * reload, back or forward: where a stored position can exist); a new entry only gets its key, as
 * the script would have given it. Without that exact script (another React Router version, a
 * `getKey`), the page is returned as it was.
 */
export function scrollRestoreOnlyWithKey(html: string): string {
  return html.replace(
    SCROLL_SCRIPT,
    (_tag, open: string, code: string) =>
      `${open}if(window.history.state&&window.history.state.key)${code};` +
      `else window.history.replaceState({key:Math.random().toString(32).slice(2)},"")</script>`,
  );
}
