// Issue 11 (ADR 032): what this browser keeps to show its check-in code with no network. One record,
// in IndexedDB (not localStorage: a service worker can read IndexedDB, and the offline check-in page
// is drawn by the worker). Signing out deletes the database.

export const CHECK_IN_DB = 'vf-check-in';
const STORE = 'pass';
const KEY = 'current';

/** The device's key and what the offline page shows beside the code. */
export type StoredPass = {
  memberId: number;
  deviceId: string;
  /** base64url of the 256-bit key */
  key: string;
  stepSeconds: number;
  lang: 'vi' | 'en';
  name: string;
  /** "Mã hội viên 000042 · phone" as the online pass says it (issue 37); absent in passes kept before. */
  memberLine?: string;
  planName: string;
  validUntilText: string;
  clubsText: string;
  savedAt: string;
};

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(CHECK_IN_DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB unavailable'));
  });
}

function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return open().then((db) =>
    new Promise<T>((resolve, reject) => {
      const request = work(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
    }).finally(() => db.close()),
  );
}

export const readPass = () =>
  run<StoredPass | undefined>('readonly', (store) => store.get(KEY) as IDBRequest<StoredPass | undefined>);
export const writePass = (pass: StoredPass) => run('readwrite', (store) => store.put(pass, KEY));

/** Signing out: this browser forgets the key (the gateway revokes the device too). */
export function forgetPass(): Promise<void> {
  return new Promise((resolve) => {
    try {
      const request = indexedDB.deleteDatabase(CHECK_IN_DB);
      request.onsuccess = request.onerror = request.onblocked = () => resolve();
    } catch {
      resolve();
    }
  });
}
