import { classEndpoints } from '#api/endpoints/classes.ts';
import { idParam } from '#app/payments/payment.server.ts';
import { gatewayClient } from '#app/server/gateway.server.ts';
import { screenRead } from '#app/server/member-read.server.ts';

// The class pages' screen reads (ADR 077): each page's data and the member shell in one gateway call.

/** /class: the timetable, with the page's filters passed on as the gateway names them (it checks them and falls back). */
export const classesRead = screenRead(async (args) => {
  const url = new URL(args.request.url);
  const query: Record<string, string> = {};
  for (const [from, to] of [
    ['club', 'clubId'],
    ['date', 'date'],
    ['type', 'classTypeId'],
  ] as const) {
    const value = url.searchParams.get(from);
    if (value && /^[\d-]{1,10}$/.test(value)) query[to] = value;
  }
  const { shell, classes } = (await gatewayClient(args)(classEndpoints.screen, { query })).data;
  return { shell, screen: classes };
});

/** /class/{id} */
export const classRead = screenRead(async (args) => {
  const sessionId = idParam(args.params.classId);
  const { shell, class: screen } = (await gatewayClient(args)(classEndpoints.sessionScreen, { params: { sessionId } }))
    .data;
  return { shell, screen };
});

/** /home/today-classes */
export const todayClassesRead = screenRead(async (args) => {
  const { shell, today } = (await gatewayClient(args)(classEndpoints.todayScreen)).data;
  return { shell, screen: today };
});
