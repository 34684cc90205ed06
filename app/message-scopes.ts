/**
 * Namespaces of the locale files that only some pages use. Every page carries the others; these
 * travel only with the pages under their paths, to keep each page's HTML small on slow 4G.
 * The root loader reruns when a navigation crosses from one scope into another.
 */
const scopes = [
  { namespace: 'account', paths: ['/account', '/support'] },
  { namespace: 'tabs', paths: ['/membership', '/workout', '/inbody', '/history'] },
  { namespace: 'push', paths: ['/notification'] },
] as const;

export const scopedNamespaces: readonly string[] = scopes.map((s) => s.namespace);

const under = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/** The scoped namespace a page needs, or '' for none. */
export function messageScope(pathname: string): string {
  return scopes.find((s) => s.paths.some((path) => under(pathname, path)))?.namespace ?? '';
}
