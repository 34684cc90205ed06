import { createContext, type MiddlewareFunction, type Params, type RouterContextProvider } from 'react-router';
import type { MemberShell } from '#api/auth.ts';
import { authEndpoints } from '#api/endpoints/auth.ts';
import { gatewayClient } from './gateway.server.ts';

// ADR 077: a signed-in page under the main layout makes ONE gateway round trip for its frame (the
// member shell: header badges, name, rating prompt) and its own data. The page's route module
// declares which read that is, as route middleware: React Router runs the matched routes'
// middleware, layout then page, before any loader, so when the loaders start (together, in no
// order) the request already knows its read. Whichever loader asks first starts it; the layout
// takes the shell part, the page its screen part. A page with no screen read declares `shellOnly`.

/** What a loader or middleware passes: the request, the route's params, the request's context. */
export type ReadArgs = { request: Request; params: Params; context: Readonly<RouterContextProvider> };

/** One gateway answer: the member shell and the page's own data. */
export type ShellAnd<T> = { shell: MemberShell; screen: T };

type Read<T> = (args: ReadArgs) => Promise<ShellAnd<T>>;
type Declared = { read: Read<unknown>; answer?: Promise<ShellAnd<unknown>> };

const declaredRead = createContext<Declared | null>(null);

/** The reads the main layout's pages may declare (the declaration test asks this). */
const declarations = new WeakMap<MiddlewareFunction<Response>, 'screen' | 'shell'>();

function declaration(read: Read<unknown>, kind: 'screen' | 'shell'): MiddlewareFunction<Response> {
  const declare: MiddlewareFunction<Response> = ({ context }, next) => {
    context.set(declaredRead, { read });
    return next();
  };
  declarations.set(declare, kind);
  return declare;
}

/** The request's answer to `read`: started by the first loader that asks, shared with the others. */
function answerOf<T>(args: ReadArgs, read: Read<T>): Promise<ShellAnd<T>> {
  let declared = args.context.get(declaredRead);
  // A page outside the main layout (the exercise player) reads without declaring.
  if (declared?.read !== read) {
    declared = { read };
    args.context.set(declaredRead, declared);
  }
  if (!declared.answer) {
    declared.answer = read(args);
    // Each loader awaits it and handles its failure its own way: never an unhandled rejection here.
    declared.answer.catch(() => undefined);
  }
  return declared.answer as Promise<ShellAnd<T>>;
}

/** A page's screen read: one gateway call answering the shell and the page's data. */
export type ScreenRead<T> = {
  /** For the route module's `middleware`: declares this read for the request. */
  readonly declare: MiddlewareFunction<Response>;
  /** The page's part of the request's one answer (its failure is the gateway's error, as thrown). */
  screen(args: ReadArgs): Promise<T>;
  /** The whole answer, for a page that shows the shell's data too. */
  answer(args: ReadArgs): Promise<ShellAnd<T>>;
};

export function screenRead<T>(read: Read<T>): ScreenRead<T> {
  return {
    declare: declaration(read as Read<unknown>, 'screen'),
    screen: async (args) => (await answerOf(args, read)).screen,
    answer: (args) => answerOf(args, read),
  };
}

const readShell: Read<null> = async (args) => ({
  shell: (await gatewayClient(args)(authEndpoints.shell)).data,
  screen: null,
});

/** For the `middleware` of a page whose data (if any) is not a screen read: the layout reads the shell alone. */
export const shellOnly = declaration(readShell as Read<unknown>, 'shell');

/** The member shell of this request: from the page's declared read, else a read of its own. */
export async function memberShell(args: ReadArgs): Promise<MemberShell> {
  const declared = args.context.get(declaredRead);
  return (await answerOf(args, declared?.read ?? (readShell as Read<unknown>))).shell;
}

/** What a route's middleware declares (the main layout's pages must declare one of the two). */
export const declaredReadOf = (middleware: readonly unknown[] | undefined): 'screen' | 'shell' | null =>
  middleware?.map((fn) => declarations.get(fn as MiddlewareFunction<Response>)).find((kind) => kind !== undefined) ??
  null;

/** An answer whose other fields are the page's: `{ shell, ...screen }` → `{ shell, screen }`. */
export const shellApart = <T extends { shell: MemberShell }>({ shell, ...screen }: T): ShellAnd<Omit<T, 'shell'>> => ({
  shell,
  screen,
});
