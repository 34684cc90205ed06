import { useNavigation } from 'react-router';

/** Shown only when a navigation takes longer than 100 ms (§9); the delay is in the CSS. */
export function LoadingBar({ label }: { label: string }) {
  const busy = useNavigation().state !== 'idle';
  return busy ? <div className="loading-bar" role="progressbar" aria-label={label} /> : null;
}
