import { expect, test } from 'vitest';
import { readForm } from './form.server.ts';

const post = (body: BodyInit | null, type?: string) =>
  new Request('http://app.test/login', { method: 'POST', body, headers: type ? { 'content-type': type } : {} });

test('readForm reads a real form and refuses anything else with 400, never a 500', async () => {
  expect((await readForm(post('a=1', 'application/x-www-form-urlencoded'))).get('a')).toBe('1');
  for (const request of [
    post(null),
    post('{}', 'application/json'),
    post('x', 'text/plain'),
    post('garbage', 'multipart/form-data; boundary=x'),
  ]) {
    const thrown: unknown = await readForm(request).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect((thrown as { init?: ResponseInit }).init?.status).toBe(400);
  }
});
