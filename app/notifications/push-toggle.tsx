import { useEffect, useState } from 'react';
import { useT } from '#app/i18n.ts';

type PushState = 'checking' | 'unsupported' | 'ios-install' | 'off' | 'on' | 'denied' | 'busy' | 'failed';

const urlBase64ToBytes = (value: string) => {
  const base64 = (value + '='.repeat((4 - (value.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
};

const registration = () =>
  Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no service worker')), 8000)),
  ]);

const save = (body: unknown) =>
  fetch('/notification/push', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function currentPushState(publicKey: string | null): Promise<PushState> {
  const supported = publicKey && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (!supported) {
    const iosBrowser =
      /iPhone|iPad|iPod/.test(navigator.userAgent) && !matchMedia('(display-mode: standalone)').matches;
    return iosBrowser ? 'ios-install' : 'unsupported';
  }
  if (Notification.permission === 'denied') return 'denied';
  try {
    const subscription = await (await navigator.serviceWorker.getRegistration())?.pushManager.getSubscription();
    return subscription && Notification.permission === 'granted' ? 'on' : 'off';
  } catch {
    return 'off';
  }
}

/**
 * Web Push on this phone (the §3 notify token). Permission is asked only after a tap, as iOS
 * requires; iOS offers push only to the app added to the Home Screen.
 */
export function PushToggle({ publicKey }: { publicKey: string | null }) {
  const { t } = useT();
  const [state, setState] = useState<PushState>('checking');

  useEffect(() => {
    let current = true;
    void currentPushState(publicKey).then((found) => current && setState(found));
    return () => {
      current = false;
    };
  }, [publicKey]);

  async function turnOn() {
    setState('busy');
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') return setState(permission === 'denied' ? 'denied' : 'off');
      const reg = await registration();
      const subscription = await reg.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: urlBase64ToBytes(publicKey!),
      });
      const response = await save({ subscribe: subscription.toJSON() });
      setState(response.ok ? 'on' : 'failed');
    } catch {
      setState('failed');
    }
  }

  async function turnOff() {
    setState('busy');
    try {
      const subscription = await (await registration()).pushManager.getSubscription();
      if (subscription) {
        await save({ unsubscribe: { endpoint: subscription.endpoint } });
        await subscription.unsubscribe();
      }
      setState('off');
    } catch {
      setState('failed');
    }
  }

  if (state === 'unsupported') return null;
  // Until this phone is checked (on the server, before hydration, with JavaScript off) the card
  // shows as "off" with its button disabled: it paints with the page instead of popping in after
  // hydration (it was the page's LCP at 2.4 s under Lighthouse), and most phones are "off".
  const checking = state === 'checking';
  const on = state === 'on';
  return (
    <section className="push-card" aria-live="polite">
      <p className="push-title">{t(on ? 'push.onTitle' : 'push.offTitle')}</p>
      <p className="small muted">{t(`push.${state === 'busy' || checking ? 'off' : state}Text`)}</p>
      {state === 'off' || state === 'failed' || state === 'busy' || checking ? (
        <button
          type="button"
          className="button button-primary"
          onClick={turnOn}
          disabled={state === 'busy' || checking}
        >
          {t('push.turnOn')}
        </button>
      ) : null}
      {on ? (
        <button type="button" className="button button-secondary" onClick={turnOff}>
          {t('push.turnOff')}
        </button>
      ) : null}
    </section>
  );
}
