import { useEffect, useState, useSyncExternalStore } from 'react';
import { useRouteLoaderData } from 'react-router';

const noop = () => () => {};

/** False during the server render and hydration, true after: for behaviour only JavaScript can keep. */
export const useHydrated = () =>
  useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );

/** Seconds left, counting down once a second from the server's figure; a new resetKey starts again. */
export function useCountdown(seconds: number, resetKey: string | number) {
  const [state, setState] = useState({ resetKey, left: seconds });
  if (state.resetKey !== resetKey) setState({ resetKey, left: seconds });
  useEffect(() => {
    if (seconds <= 0) return;
    const started = Date.now();
    const timer = setInterval(() => {
      const left = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000));
      setState((current) => ({ ...current, left }));
      if (left === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [seconds, resetKey]);
  return state.left;
}

/** The phone's data saver as the root loader read its Save-Data header (ADR 068): no speculative downloads. */
export const useSaveData = (): boolean => useRouteLoaderData<{ saveData?: boolean }>('root')?.saveData === true;
