import { useEffect, useRef } from 'react';

/**
 * Asks a small JSON route every `everyMs` until `onAnswer` says it is done (returns true). A failed
 * ask (offline for a moment, a 5xx) waits for the next tick; with `onlyWhenVisible` a hidden or
 * offline page does not ask at all. One poller per URL: a new URL starts again.
 */
export function usePoll<T>(
  url: string,
  everyMs: number,
  onAnswer: (body: T) => boolean,
  { onlyWhenVisible = false } = {},
) {
  const answer = useRef(onAnswer);
  useEffect(() => {
    answer.current = onAnswer;
  });
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    async function poll() {
      if (!onlyWhenVisible || (document.visibilityState === 'visible' && navigator.onLine)) {
        try {
          const response = await fetch(url, { headers: { accept: 'application/json' } });
          if (response.ok) {
            const body = (await response.json()) as T;
            if (stopped || answer.current(body)) return;
          }
        } catch {
          // Offline for a moment: the next tick tries again.
        }
      }
      if (!stopped) timer = setTimeout(poll, everyMs);
    }
    timer = setTimeout(poll, everyMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [url, everyMs, onlyWhenVisible]);
}
