import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import routes from '#app/routes.ts';
import { loadMessages, stringsParts, withShell, type StringsHandle, type StringsPart } from './messages.ts';
import { shell } from './vi/shell.ts';
import { auth } from './vi/auth.ts';
import { home } from './vi/home.ts';
import { notifications } from './vi/notifications.ts';
import { account } from './vi/account.ts';
import { membership } from './vi/membership.ts';
import { directory } from './vi/directory.ts';
import { guide } from './vi/guide.ts';
import { purchase } from './vi/purchase.ts';
import { payments } from './vi/payments.ts';
import { history } from './vi/history.ts';
import { contracts } from './vi/contracts.ts';
import { receipts } from './vi/receipts.ts';
import { platform } from './vi/platform.ts';
import { prompts } from './vi/prompts.ts';
import { gift } from './vi/gift.ts';
import { busyness } from './vi/busyness.ts';
import { newcomer } from './vi/newcomer.ts';
import { classes } from './vi/classes.ts';
import { classCards } from './vi/classCards.ts';
import { referral } from './vi/referral.ts';
import { subscription } from './vi/subscription.ts';
import { freeze } from './vi/freeze.ts';
import { feedback } from './vi/feedback.ts';
import { workouts } from './vi/workouts.ts';
import { inbody } from './vi/inbody.ts';
import { pt } from './vi/pt.ts';
import { staff } from './vi/staff.ts';
import { staffToday } from './vi/staffToday.ts';
import { staffCash } from './vi/staffCash.ts';
import { staffAgenda } from './vi/staffAgenda.ts';
import { staffTrials } from './vi/staffTrials.ts';
import { staffAudit } from './vi/staffAudit.ts';
import { staffInbox } from './vi/staffInbox.ts';
import { staffPayments } from './vi/staffPayments.ts';
import { staffScanner } from './vi/staffScanner.ts';
import { staffClasses } from './vi/staffClasses.ts';
import { staffNotify } from './vi/staffNotify.ts';
import { staffTeam } from './vi/staffTeam.ts';
import { staffSettings } from './vi/staffSettings.ts';
import { vi } from './vi/index.ts';
import { en } from './en/index.ts';

// ADR 030: the browser loads only the string parts a page's routes name in `handle.strings`. This
// reads each route module and every module it imports, finds the texts' keys in them
// ('membership.title', `payment.status.${s}`) and checks the route and its layouts name exactly the
// parts those keys live in: a missing part would show keys, an extra one costs bytes. A module
// loaded lazily (`import('./x.tsx')`) loads its own parts: it names them in its useMessages call.

const appDir = path.resolve(import.meta.dirname, '..');
const partsByLocale: Record<StringsPart, object> = {
  shell,
  auth,
  home,
  notifications,
  account,
  membership,
  directory,
  guide,
  purchase,
  payments,
  history,
  contracts,
  receipts,
  platform,
  prompts,
  gift,
  busyness,
  newcomer,
  classes,
  classCards,
  referral,
  subscription,
  freeze,
  feedback,
  workouts,
  inbody,
  pt,
  staff,
  staffToday,
  staffCash,
  staffAgenda,
  staffTrials,
  staffAudit,
  staffInbox,
  staffPayments,
  staffScanner,
  staffClasses,
  staffNotify,
  staffTeam,
  staffSettings,
};
const partOfTopKey = new Map<string, StringsPart>(
  stringsParts.flatMap((part) => Object.keys(partsByLocale[part]).map((key) => [key, part] as const)),
);

const staticImportPattern = /from\s+['"]([^'"]+)['"]/g;
const lazyImportPattern = /import\s*\(\s*['"]([^'"]+)['"]/g;
const ownPartsPattern = /useMessages\([^,]+,\s*\[([^\]]*)\]/g;
const keyPattern = /['"`]([a-zA-Z]+)\.(?:[a-zA-Z]|\$\{)/g;

function resolveImport(from: string, specifier: string): string | null {
  let target: string;
  if (specifier.startsWith('#app/')) target = path.join(appDir, specifier.slice('#app/'.length));
  else if (specifier.startsWith('.')) target = path.resolve(path.dirname(from), specifier);
  else return null; // packages and #api: no texts of ours
  if (target.includes(`${path.sep}locales${path.sep}`) || target.endsWith('.css') || target.includes('?')) return null;
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`])
    if (existsSync(candidate) && candidate.match(/\.tsx?$/)) return candidate;
  return null;
}

const lazyModules = new Set<string>();
/** For each lazily imported module, the route modules whose pages import it: their parts are loaded when it renders. */
const lazyImporters = new Map<string, Set<string>>();
let visitingRoute: string | null = null;

/** The parts whose keys appear in a module and everything it imports statically (lazily imported modules are noted in lazyModules). */
function partsUsedFrom(file: string): Set<StringsPart> {
  const seen = new Set<string>();
  const used = new Set<StringsPart>();
  const visit = (module: string) => {
    if (seen.has(module)) return;
    seen.add(module);
    const source = readFileSync(module, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    // A server module that writes its texts with the server's i18next (getT: every part is there) and
    // not from the page's parts (loadMessages) puts no text in the page's strings (membership.server.ts's purchaseNotes).
    const serverWritten = /\.server\.tsx?$/.test(module) && !source.includes('loadMessages');
    for (const [, key] of serverWritten ? [] : source.matchAll(keyPattern)) {
      const part = partOfTopKey.get(key!);
      if (part) used.add(part);
    }
    for (const [, specifier] of source.matchAll(staticImportPattern)) {
      const target = resolveImport(module, specifier!);
      if (target) visit(target);
    }
    for (const [, specifier] of source.matchAll(lazyImportPattern)) {
      const target = resolveImport(module, specifier!);
      if (target) {
        lazyModules.add(target);
        if (visitingRoute) lazyImporters.set(target, (lazyImporters.get(target) ?? new Set()).add(visitingRoute));
      }
    }
  };
  visit(file);
  return used;
}

type RouteEntry = { id?: string; file: string; children?: RouteEntry[] };
type Checked = {
  id: string;
  file: string;
  used: StringsPart[];
  named: StringsPart[];
  inherited: StringsPart[];
};

async function collect(entries: RouteEntry[], inherited: StringsPart[], out: Checked[]) {
  for (const entry of entries) {
    const file = path.join(appDir, entry.file);
    const module = (await import(file)) as { handle?: StringsHandle };
    const named = [...(module.handle?.strings ?? [])];
    visitingRoute = file;
    const used = [...partsUsedFrom(file)].sort();
    visitingRoute = null;
    out.push({
      id: entry.id ?? entry.file,
      file,
      used,
      named,
      inherited,
    });
    if (entry.children) await collect(entry.children, withShell([...inherited, ...named]), out);
  }
}

describe('the string parts each route names (ADR 030)', async () => {
  const checked: Checked[] = [];
  await collect(
    routes as RouteEntry[],
    withShell([...partsUsedFrom(path.join(appDir, 'root.tsx'))].filter((part) => part === 'shell')),
    checked,
  );

  it('the root and the shell components use only the shell part', () => {
    expect([...partsUsedFrom(path.join(appDir, 'root.tsx'))]).toEqual(['shell']);
  });

  it.each(checked.map((route) => [route.id, route] as const))(
    '%s names every part it uses and no other',
    (_id, route) => {
      const available = new Set([...route.inherited, ...route.named]);
      expect(
        route.used.filter((part) => !available.has(part)),
        'parts used but not named in handle.strings',
      ).toEqual([]);
      expect(
        route.named.filter((part) => !route.used.includes(part) || route.inherited.includes(part)),
        'parts named but not used',
      ).toEqual([]);
    },
  );

  it.each([...lazyModules].map((file) => [path.relative(appDir, file), file] as const))(
    'lazily loaded %s names the parts it uses',
    (_name, file) => {
      const named = [...readFileSync(file, 'utf8').matchAll(ownPartsPattern)].flatMap(([, list]) =>
        [...list!.matchAll(/'(\w+)'/g)].map(([, part]) => part),
      );
      // Loaded only by pages that name a part (the InBody confirm dialog, by /inbody): that part is there when it renders.
      const pages = [...(lazyImporters.get(file) ?? [])].map((route) => checked.find((c) => c.file === route)!);
      const fromEveryPage = pages.length
        ? pages
            .map((page) => [...page.inherited, ...page.named])
            .reduce((common, parts) => common.filter((part) => parts.includes(part)))
        : [];
      const available = new Set(['shell', ...named, ...fromEveryPage]);
      expect(
        [...partsUsedFrom(file)].filter((part) => !available.has(part)),
        'parts used but not named in its useMessages call',
      ).toEqual([]);
    },
  );

  it('follows lazy imports (the install prompt loads its own part)', () => {
    expect([...lazyModules].map((file) => path.relative(appDir, file))).toContain('shell/install-prompt-ui.tsx');
  });

  it('finds the keys of a page (the check itself can fail)', () => {
    expect([...partsUsedFrom(path.join(appDir, 'payments/payment.tsx'))].sort()).toEqual([
      'contracts',
      'payments',
      'receipts',
      'shell',
    ]);
  });
});

describe('loading the parts (ADR 030)', () => {
  it.each([
    ['vi', vi],
    ['en', en],
  ] as const)('%s: the shell alone, then every part, come to the whole language', async (lang, whole) => {
    const shellOnly = await loadMessages(lang, ['shell']);
    expect(Object.keys(shellOnly).sort()).toEqual(Object.keys(partsByLocale.shell).sort());
    expect(await loadMessages(lang)).toEqual(whole);
  });
});
