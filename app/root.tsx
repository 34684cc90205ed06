import { useEffect, useMemo } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useMatches,
  useNavigate,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { BrandHeader } from '#app/shell/brand-header.tsx';
import type { KeepsData } from '#app/ui/revalidate.ts';
import { InstallCapture } from '#app/shell/install-capture.tsx';
import { LoadingBar } from '#app/shell/loading-bar.tsx';
import { PwaHead, PwaShell, pwaLinks } from '#app/shell/pwa-shell.tsx';
import { Toast } from '#app/shell/toast.tsx';
import { I18nProvider } from './i18n.ts';
import { getLang, i18nMiddleware } from '#app/server/i18n.server.ts';
import {
  knowPartUrls,
  loadMessages,
  partUrlsFromList,
  loadedMessages,
  useLoadedMessages,
  useMessages,
  withShell,
  type StringsHandle,
  type StringsPart,
} from '#app/locales/messages.ts';
import { sessionMiddleware } from '#app/server/session-middleware.server.ts';
import { useNonce } from '#app/server/nonce.ts';
import { clientPlatform } from '#app/server/platform.server.ts';
import { saveDataRequested } from '#app/server/save-data.server.ts';
import { getSession } from '#app/server/session.server.ts';
import { appVersion } from '#app/server/version.server.ts';
import { localeChunkList } from '#app/server/locale-chunks.server.ts';
import type { SessionExpired as SessionExpiredData } from '#app/server/gateway.server.ts';

export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware, i18nMiddleware];

export const links: Route.LinksFunction = () => pwaLinks;

export async function loader({ context, request }: Route.LoaderArgs) {
  const session = getSession(context);
  const lang = getLang(context);
  // The strings stay out of the loader data (ADR 024): rendered from memory here, imported as a
  // cached chunk by the browser. This makes sure they are in memory before anything renders.
  await loadMessages(lang);
  return {
    lang,
    // The page preloads the parts its routes name beside the entry: hydration needs them (ADR 030).
    // One compact string (ADR 068): partUrlsFromList reads it.
    messagesChunks: localeChunkList(lang),
    toast: session.get('toast') ?? null,
    // Phone, tablet or in-app browser, for the install prompt (ADR 008).
    platform: clientPlatform(request),
    // PWA (ADR 009): the app-version setting, for the update prompt.
    appVersion: await appVersion(),
    // The phone's data saver (ADR 068): no speculative downloads.
    saveData: saveDataRequested(request.headers.get('save-data')),
  };
}

/**
 * The root's data (strings, toast, platform, version) changes with a form post (language, sign-in,
 * any action's toast) or a refresh, not with a tap on a link. Framework mode would reload it on
 * every navigation: on a dropped connection that turned a failed tap into a root error page
 * without styles or the offline alert. Now a failed navigation leaves the root as it was. An
 * action's answer marked `keepsData` (ADR 082) changes nothing of it either.
 */
export function shouldRevalidate({
  formMethod,
  currentUrl,
  nextUrl,
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if ((actionResult as Partial<KeepsData> | undefined)?.keepsData === true) return false;
  if (formMethod || currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return false;
}

/** The string parts the matched routes name (ADR 030), the shell always: the same list on the server and in the browser. */
function useStringsParts(): StringsPart[] {
  const matches = useMatches();
  return withShell(matches.flatMap((match) => (match.handle as StringsHandle | undefined)?.strings ?? []));
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const nonce = useNonce();
  const parts = useStringsParts();
  // Where the browser imports any part of this language from, for what renders next (ADR 054).
  const chunks = useMemo(() => partUrlsFromList(data?.messagesChunks ?? ''), [data?.messagesChunks]);
  if (data) knowPartUrls(data.lang, chunks);
  // <Meta> below titles the page from the strings in memory: render again when a part arrives
  // (a language switched to, a page's new part), or the title keeps a key (ADR 030).
  useLoadedMessages(data?.lang ?? 'vi');
  return (
    <html
      lang={data?.lang ?? 'vi'}
      data-strings={parts.join(' ')}
      data-strings-src={parts.map((part) => chunks[part] ?? '').join(' ')}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#0f172a" />
        <Meta />
        <Links />
        {/* ADR 029: entry.server fills it with the rules this page's markup uses (no render-blocking
            request on slow 4G); entry.client loads the whole sheet before hydrating. Hydration
            leaves the server's text alone. */}
        <style nonce={nonce} id="page-css" dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />
        <InstallCapture nonce={nonce} />
        <PwaHead nonce={nonce} />
      </head>
      <body>
        {data ? <PwaShell lang={data.lang} appVersion={data.appVersion} /> : null}
        {children}
        <ScrollRestoration nonce={nonce} />
        {/* Beside React Router's own modulepreloads, after the content: never before the first paint. */}
        {parts.map((part) => {
          const href = chunks[part];
          return href ? <link key={part} rel="modulepreload" href={href} /> : null;
        })}
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { lang, toast } = loaderData;
  const messages = useMessages(lang, useStringsParts());
  return (
    <I18nProvider lang={lang} messages={messages}>
      <LoadingBar label={messages.app.loading} />
      <Outlet />
      {toast ? <Toast key={toast.id} toast={toast} /> : null}
    </I18nProvider>
  );
}

// Only for when the root loader itself failed and no messages reached the page.
const lastResortError = {
  title: 'Đã có lỗi xảy ra · Something went wrong',
  lead: '',
  home: 'VietFit',
  sessionExpired: '',
};

/** §4: a 401 shows "session expired", then the sign-in page after 1 s (meta refresh when JavaScript is off): /landing, /staff/login for staff. */
function SessionExpired({ message, waiting, to }: { message: string; waiting: string; to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(to, { replace: true }), 1000);
    return () => clearTimeout(timer);
  }, [navigate, to]);
  return (
    <main className="page page-center">
      <meta httpEquiv="refresh" content={`1;url=${to}`} />
      <Toast toast={{ kind: 'error', text: message }} />
      <p className="muted">{waiting}</p>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>('root');
  const messages = data ? loadedMessages(data.lang) : undefined;
  const texts = messages?.error ?? lastResortError;
  if (isRouteErrorResponse(error) && error.status === 401 && (error.data as SessionExpiredData)?.sessionExpired) {
    const { message, to } = error.data as SessionExpiredData;
    const expired = <SessionExpired message={message} waiting={texts.sessionExpired} to={to} />;
    if (!data || !messages) return expired;
    return (
      <I18nProvider lang={data.lang} messages={messages}>
        <div className="layout">
          <BrandHeader home="/landing" />
          {expired}
        </div>
      </I18nProvider>
    );
  }
  return (
    <main className="page page-center">
      <h1>{texts.title}</h1>
      <p className="muted">{texts.lead}</p>
      <a className="button" href="/home">
        {texts.home}
      </a>
    </main>
  );
}
