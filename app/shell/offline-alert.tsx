import { useState, useSyncExternalStore } from 'react';
import { Icon } from '#app/ui/icons.tsx';

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

/**
 * §2: the network-error alert, shown while offline and gone when the connection is back. It sits in
 * the page's flow above everything (issue 37: never over the header, the back bar or the player's
 * exit), so it pushes the page down; the member may close it until the next time the network goes.
 */
export function OfflineAlert({ title, body, close }: { title: string; body: string; close: string }) {
  const offline = useSyncExternalStore(subscribe, isOffline, () => false);
  const [closed, setClosed] = useState(false);
  if (!offline) {
    if (closed) setClosed(false);
    return null;
  }
  if (closed) return null;
  return <ShellAlert title={title} body={body} close={close} onClose={() => setClosed(true)} />;
}

/** The alert's look, also for a form the network has not answered (ADR 067). */
export function ShellAlert({
  title,
  body,
  close,
  onClose,
}: {
  title: string;
  body: string;
  close: string;
  onClose: () => void;
}) {
  return (
    <div className="offline-alert" role="alert">
      <div className="offline-alert-text">
        <p className="offline-alert-title">{title}</p>
        <p>{body}</p>
      </div>
      <button type="button" className="offline-alert-close" aria-label={close} onClick={onClose}>
        <Icon name="close" size={20} />
      </button>
    </div>
  );
}
