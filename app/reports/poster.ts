import { posterSvg } from './reports.server.ts';
import type { StringsHandle } from '#app/locales/messages.ts';
import type { Route } from './+types/poster';

/** The poster's texts, both languages (ADR 030). */
export const handle: StringsHandle = { strings: ['feedback'] };

/** GET /public/customer-report/poster.svg?club=N: a club's printable poster with the QR of its report page (ADR 039). */
export const loader = (args: Route.LoaderArgs) => posterSvg(args);
