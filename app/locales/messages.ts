import { use, useSyncExternalStore } from 'react';
import type { Lang } from '#api/codes.ts';
import type { Messages } from '#app/i18n.ts';

/**
 * ADR 024 and 030: a page's strings are not in its HTML. Each domain's strings of each language are
 * one hashed chunk that the browser caches (and the service worker precaches); a page loads the
 * parts its routes name in their `handle.strings` (checked by strings-of-routes.test.ts), the shell
 * always. The server renders from memory with every part.
 */
export const stringsParts = [
  'shell',
  'auth',
  'home',
  'notifications',
  'account',
  'membership',
  'directory',
  'guide',
  'purchase',
  'payments',
  'history',
  'contracts',
  'receipts',
  'platform',
  'prompts',
  'gift',
  'busyness',
  'newcomer',
  'classes',
  'classCards',
  'referral',
  'subscription',
  'freeze',
  'feedback',
  'workouts',
  'inbody',
  'pt',
  'staff',
  'staffToday',
  'staffCash',
  'staffAgenda',
  'staffTrials',
  'staffAudit',
  'staffInbox',
  'staffPayments',
  'staffScanner',
  'staffClasses',
  'staffNotify',
  'staffTeam',
  'staffSettings',
] as const;
export type StringsPart = (typeof stringsParts)[number];

/** A route's `handle` may name the string parts its page and the components it imports use. */
export type StringsHandle = { strings?: readonly StringsPart[] };

type Part = Partial<Messages>;
type PartModule = Record<string, Part>;
/** The hashed file of each part, e.g. { shell: '/assets/shell-Bv72mjzi.js', … } (locale-chunks.server.ts). */
export type PartUrls = Partial<Record<StringsPart, string>>;

// The server (and Vite's dev server) import the part files themselves: `./vi/shell.ts` exports
// `shell`. The browser's production bundle leaves this map out (ADR 054): its 58 hashed names cost
// every page 0.9 KB of gzipped JavaScript. Each part is still its own chunk (vite.config.ts emits
// them), and the browser imports it by the URL the page gives (knowPartUrls).
const bundledParts =
  import.meta.env.SSR || import.meta.env.DEV
    ? import.meta.glob<PartModule>(['./vi/*.ts', './en/*.ts', '!./*/index.ts'])
    : undefined;
const partUrls: Record<Lang, PartUrls> = { vi: {}, en: {} };

/** The parts' URLs back from the root's compact string (ADR 068; `partUrlList` in locale-chunks.server.ts writes it). */
export function partUrlsFromList(list: string): PartUrls {
  const urls: Record<string, string> = {};
  for (const entry of list.split(' ')) {
    const at = entry.indexOf('=');
    if (at <= 0) continue;
    const part = entry.slice(0, at);
    const rest = entry.slice(at + 1);
    urls[part] = rest.startsWith('/') ? rest : `/assets/${part}-${rest}.js`;
  }
  return urls as PartUrls;
}

/** Browser: where each part of a language is (the root's data, or <html data-strings-src> before hydration). */
export function knowPartUrls(lang: Lang, urls: PartUrls) {
  Object.assign(partUrls[lang], urls);
}

const importPart = (lang: Lang, part: StringsPart): Promise<Part> => {
  const url = partUrls[lang][part];
  const importer =
    bundledParts?.[`./${lang}/${part}.ts`] ??
    (url ? () => import(/* @vite-ignore */ url) as Promise<PartModule> : undefined);
  if (!importer) return Promise.reject(new Error(`No strings part ${lang}/${part}`));
  return importer().then((module) => module[part] as Part);
};

/** Every part imported so far, merged: a new object each time a part arrives (React sees the change). */
const merged: Partial<Record<Lang, Messages>> = {};
const loadedParts: Record<Lang, Set<StringsPart>> = {
  vi: new Set(),
  en: new Set(),
};
const pendingParts: Partial<Record<`${Lang}:${StringsPart}`, Promise<void>>> = {};
const pendingSets = new Map<string, Promise<Messages>>();
/** Told each time a part arrives (useLoadedMessages). */
const partListeners = new Set<() => void>();

function loadPart(lang: Lang, part: StringsPart): Promise<void> {
  const key = `${lang}:${part}` as const;
  pendingParts[key] ??= importPart(lang, part).then(
    (strings) => {
      merged[lang] = { ...merged[lang], ...strings } as Messages;
      loadedParts[lang].add(part);
      for (const listener of partListeners) listener();
    },
    (error: unknown) => {
      delete pendingParts[key];
      throw error;
    },
  );
  return pendingParts[key];
}

/** The shell and the named parts, so many as asked for (every part by default: the server renders any page). */
export function withShell(parts: readonly StringsPart[] = stringsParts): StringsPart[] {
  return [...new Set<StringsPart>(['shell', ...parts])].sort();
}

const hasAll = (lang: Lang, parts: readonly StringsPart[]) => parts.every((part) => loadedParts[lang].has(part));

/** The language's strings with at least these parts, each imported once per process (server) or page load (browser). */
export function loadMessages(lang: Lang, parts: readonly StringsPart[] = stringsParts): Promise<Messages> {
  const wanted = withShell(parts);
  if (hasAll(lang, wanted)) return Promise.resolve(merged[lang] as Messages);
  const key = `${lang}:${wanted.join(',')}`;
  let pending = pendingSets.get(key);
  if (!pending) {
    pending = Promise.all(wanted.map((part) => loadPart(lang, part))).then(
      () => merged[lang] as Messages,
      (error: unknown) => {
        pendingSets.delete(key);
        throw error;
      },
    );
    pendingSets.set(key, pending);
  }
  return pending;
}

/** The strings imported so far: on the server every part after the root loader, in the browser the page's parts after entry.client. */
export const loadedMessages = (lang: Lang): Messages | undefined => merged[lang];

const onPart = (listener: () => void) => {
  partListeners.add(listener);
  return () => partListeners.delete(listener);
};

/**
 * The strings imported so far, re-rendering the caller each time a part arrives, without
 * suspending. For the document around the app (root Layout): its <Meta> reads the page title
 * from them, and a render that ran before a new part arrived must run again once it is in.
 */
export function useLoadedMessages(lang: Lang): Messages | undefined {
  const read = () => merged[lang];
  return useSyncExternalStore(onPart, read, read);
}

/** A promise React's use() reads at once: it looks at `status` and `value` before waiting. */
type ReadyThenable = Promise<Messages> & { status: 'fulfilled'; value: Messages };
const readyThenables = new WeakMap<Messages, ReadyThenable>();
function ready(messages: Messages): ReadyThenable {
  let thenable = readyThenables.get(messages);
  if (!thenable) {
    thenable = Object.assign(Promise.resolve(messages), { status: 'fulfilled' as const, value: messages });
    readyThenables.set(messages, thenable);
  }
  return thenable;
}

/**
 * For components: the strings with these parts, suspending while a part (a new page's, a switched
 * language's) is still coming. Always through use(), loaded or not: React replays a component that
 * suspended in use() and switches it back to mounting hooks only when use() is called again, so a
 * use() skipped on the replay breaks the hooks after it (React error 467, seen under Lighthouse).
 */
export function useMessages(lang: Lang, parts: readonly StringsPart[] = ['shell']): Messages {
  return use(hasAll(lang, withShell(parts)) ? ready(merged[lang] as Messages) : loadMessages(lang, parts));
}
