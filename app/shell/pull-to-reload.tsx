import { useEffect, useRef } from 'react';
import type { Lang } from '#api/codes.ts';
import { useMessages } from '#app/locales/messages.ts';
import { pullOffset, pullReloads } from './pwa.ts';

/** Nothing under the finger is scrolled away from its top: the pull is meant for the page. */
function atTop(target: EventTarget | null) {
  if ((document.scrollingElement?.scrollTop ?? 0) > 0) return false;
  for (let node = target as Element | null; node && node !== document.body; node = node.parentElement) {
    if (node.scrollTop > 0) return false;
  }
  return true;
}

/**
 * §2 pull-to-reload (§9: 70 px): a touch pull down from the top of the page shows an indicator and,
 * released past the threshold, reloads the page (ADR 009). Passive listeners never hold up
 * scrolling; a mouse sends no touch events, so desktops are untouched.
 */
export function PullToReload({ lang }: { lang: Lang }) {
  const { pullToReload: pull, releaseToReload: release } = useMessages(lang, ['prompts']).prompts; // its own part (ADR 030)
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const indicator = ref.current;
    if (!indicator) return;
    let start: { x: number; y: number } | null = null;
    let dx = 0;
    let dy = 0;
    const paint = () => {
      const ready = pullReloads(dy, dx);
      indicator.hidden = dy <= 0;
      indicator.style.transform = `translate(-50%, ${pullOffset(dy)}px)`;
      indicator.classList.toggle('pull-ready', ready);
      indicator.textContent = ready ? release : pull;
    };
    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      start =
        event.touches.length === 1 && touch && atTop(event.target) ? { x: touch.clientX, y: touch.clientY } : null;
      dx = dy = 0;
    };
    const onMove = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (!start || !touch) return;
      dx = touch.clientX - start.x;
      dy = touch.clientY - start.y;
      paint();
    };
    const onEnd = (event: TouchEvent) => {
      if (start && event.type === 'touchend' && pullReloads(dy, dx)) {
        indicator.classList.add('pull-loading');
        location.reload();
        return;
      }
      start = null;
      dx = dy = 0;
      paint();
    };
    const stop = new AbortController();
    const options = { passive: true, signal: stop.signal };
    addEventListener('touchstart', onStart, options);
    addEventListener('touchmove', onMove, options);
    addEventListener('touchend', onEnd, options);
    addEventListener('touchcancel', onEnd, options);
    indicator.dataset.armed = ''; // listening (it loads once the page is idle): tests wait for this
    return () => stop.abort();
  }, [pull, release]);
  return <div ref={ref} className="pull" aria-hidden="true" hidden />;
}
