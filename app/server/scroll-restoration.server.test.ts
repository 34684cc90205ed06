import { describe, expect, test } from 'vitest';
import { scrollRestoreOnlyWithKey } from './scroll-restoration.server.ts';

// What React Router 7's <ScrollRestoration nonce> writes (no getKey), byte for byte.
const reactRouterScript = `<script nonce="n0nce">((storageKey2, restoreKey) => {
    if (!window.history.state || !window.history.state.key) {
      let key = Math.random().toString(32).slice(2);
      window.history.replaceState({ key }, "");
    }
    try {
      let positions = JSON.parse(sessionStorage.getItem(storageKey2) || "{}");
      let storedY = positions[restoreKey || window.history.state.key];
      if (typeof storedY === "number") {
        window.scrollTo(0, storedY);
      }
    } catch (error) {
      console.error(error);
      sessionStorage.removeItem(storageKey2);
    }
  })("react-router-scroll-positions", null)</script>`;
const page = `<html><body><main>Khỏe hơn mỗi ngày</main>${reactRouterScript}<script nonce="n0nce">x()</script></body></html>`;

/** Runs the page's scroll script against a window whose history entry has `state`. */
function runScroll(html: string, state: unknown, stored: Record<string, number> = {}) {
  const code = /<script nonce="n0nce">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  const reads: string[] = [];
  const scrolled: number[] = [];
  const history = {
    state,
    replaceState(next: unknown) {
      history.state = next;
    },
  };
  const window = { history, scrollTo: (_x: number, y: number) => scrolled.push(y) };
  const sessionStorage = {
    getItem: (key: string) => {
      reads.push(key);
      return JSON.stringify(stored);
    },
    removeItem: () => {},
  };
  new Function('window', 'sessionStorage', code)(window, sessionStorage);
  return { reads, scrolled, state: history.state as { key?: string } | null };
}

describe('scrollRestoreOnlyWithKey (ADR 087)', () => {
  test('a new history entry gets its key without reading sessionStorage', () => {
    const before = runScroll(page, null);
    expect(before.reads).toEqual(['react-router-scroll-positions']);
    const after = runScroll(scrollRestoreOnlyWithKey(page), null);
    expect(after.reads).toEqual([]);
    expect(after.scrolled).toEqual([]);
    expect(after.state?.key).toMatch(/^[0-9a-v]+$/);
    // A state without a key (another script's) is replaced as React Router does.
    expect(runScroll(scrollRestoreOnlyWithKey(page), { other: 1 }).state).toEqual({ key: expect.any(String) });
  });

  test('an entry with a key (reload, back, forward) is scrolled to its stored position as before', () => {
    const after = runScroll(scrollRestoreOnlyWithKey(page), { key: 'abc' }, { abc: 420 });
    expect(after.reads).toEqual(['react-router-scroll-positions']);
    expect(after.scrolled).toEqual([420]);
    expect(after.state).toEqual({ key: 'abc' });
  });

  test("only React Router's script changes; anything else is left as it is", () => {
    const html = scrollRestoreOnlyWithKey(page);
    expect(html.replace(/<script nonce="n0nce">if[\s\S]*?<\/script>/, reactRouterScript)).toBe(page);
    // A getKey (a restore key in the call) or another storage key: not the script this knows.
    const withKey = page.replace('"react-router-scroll-positions", null)', '"react-router-scroll-positions", "/a")');
    expect(scrollRestoreOnlyWithKey(withKey)).toBe(withKey);
    const plain = '<html><body><p>a</p></body></html>';
    expect(scrollRestoreOnlyWithKey(plain)).toBe(plain);
  });
});
