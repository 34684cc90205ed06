import { useSyncExternalStore } from 'react';

// Offline is either what the browser says (navigator.onLine) or a request of the page that failed
// for want of a network (a navigation's data, a form's action): fetch rejects with a TypeError then.
let requestFailed = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

let watching = false;
function watch() {
  if (watching) return;
  watching = true;
  const settle = (failed: boolean) => {
    if (requestFailed === failed) return;
    requestFailed = failed;
    emit();
  };
  addEventListener('online', () => {
    requestFailed = false;
    emit();
  });
  addEventListener('offline', emit);
  const fetchOriginal = window.fetch;
  window.fetch = (...args) =>
    fetchOriginal(...args).then(
      (response) => (settle(false), response),
      (error: unknown) => {
        if (error instanceof TypeError) settle(true);
        throw error;
      },
    );
}

function subscribe(listener: () => void) {
  watch();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isOffline = () => !navigator.onLine || requestFailed;

/** §2: the network-error alert, shown while offline and gone when the connection is back. */
export function OfflineAlert({ title, body }: { title: string; body: string }) {
  const offline = useSyncExternalStore(subscribe, isOffline, () => false);
  if (!offline) return null;
  return (
    <div className="offline-alert" role="alert">
      <div>
        <p className="offline-alert-title">{title}</p>
        <p>{body}</p>
      </div>
    </div>
  );
}
