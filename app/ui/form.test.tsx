import { parseWithZod } from '@conform-to/zod/v4';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { loginForm, signUpForm } from '#api/auth.ts';
import { formProps, inputProps, useServerForm, type FormReply } from './form.ts';

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
};

/** The reply an action sends, made by conform itself: the hook must read conform's real format. */
const reply = (schema: typeof loginForm | typeof signUpForm, entries: Record<string, string>, formErrors?: string[]) =>
  parseWithZod(form(entries), { schema }).reply(formErrors ? { formErrors } : undefined) as FormReply;

/** The attributes of the element with this id in some markup. */
function attrsOf(html: string, id: string) {
  const tag = new RegExp(`<\\w+ [^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? '';
  return Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}

function LoginForm({ lastResult, phone = '' }: { lastResult?: FormReply; phone?: string }) {
  const [meta, fields] = useServerForm({
    id: 'login',
    fields: ['phoneNumber'],
    lastResult,
    defaultValue: { phoneNumber: phone },
  });
  return (
    <form {...formProps(meta)}>
      <input {...inputProps(fields.phoneNumber, 'tel')} />
      <p>{fields.phoneNumber.errors?.join('|') ?? 'no field error'}</p>
      <p>{meta.errors?.join('|') ?? 'no form error'}</p>
    </form>
  );
}

function SignUpForm({ lastResult }: { lastResult?: FormReply }) {
  const [, fields] = useServerForm({ id: 'sign-up', fields: ['referralCode', 'acceptTerms'], lastResult });
  return (
    <>
      <input {...inputProps(fields.referralCode, 'text')} />
      <input {...inputProps(fields.acceptTerms, 'checkbox')} />
    </>
  );
}

describe('server-validated forms in the browser (ADR 028)', () => {
  it('a first visit shows the default, conform ids and no error', () => {
    const html = renderToStaticMarkup(<LoginForm phone="0901234567" />);
    expect(attrsOf(html, 'login')).toEqual({ id: 'login', noValidate: '' });
    expect(attrsOf(html, 'login-phoneNumber')).toEqual({
      id: 'login-phoneNumber',
      name: 'phoneNumber',
      type: 'tel',
      value: '0901234567',
    });
    expect(html).toContain('no field error');
  });

  it('a refused submission keeps what was typed, marks the field and names its error text', () => {
    const html = renderToStaticMarkup(
      <LoginForm phone="0901234567" lastResult={reply(loginForm, { phoneNumber: '12ab' })} />,
    );
    // What the member typed, not the default.
    expect(attrsOf(html, 'login-phoneNumber')).toMatchObject({
      value: '12ab',
      'aria-invalid': 'true',
      'aria-describedby': 'login-phoneNumber-error',
    });
    expect(html).not.toContain('no field error');
  });

  it("an error of the whole form (a gateway refusal) is the form's, not a field's", () => {
    const lastResult = reply(loginForm, { phoneNumber: '0901234567' }, ['Hệ thống bận']);
    const html = renderToStaticMarkup(<LoginForm lastResult={lastResult} />);
    expect(attrsOf(html, 'login')['aria-describedby']).toBe('login-error');
    expect(html).toContain('<p>Hệ thống bận</p>');
    expect(html).toContain('no field error');
    expect(attrsOf(html, 'login-phoneNumber')).toMatchObject({ value: '0901234567' });
    expect(attrsOf(html, 'login-phoneNumber')).not.toHaveProperty('aria-invalid');
  });

  it('a checkbox comes back ticked or not as it was sent, a text field empty when sent empty', () => {
    const ticked = renderToStaticMarkup(
      <SignUpForm lastResult={reply(signUpForm, { referralCode: 'x', acceptTerms: 'on' })} />,
    );
    expect(attrsOf(ticked, 'sign-up-acceptTerms')).toMatchObject({ type: 'checkbox', value: 'on', checked: '' });
    const unticked = renderToStaticMarkup(<SignUpForm lastResult={reply(signUpForm, { referralCode: '' })} />);
    expect(attrsOf(unticked, 'sign-up-acceptTerms')).not.toHaveProperty('checked');
    expect(attrsOf(unticked, 'sign-up-acceptTerms')).toMatchObject({ 'aria-invalid': 'true' });
    expect(attrsOf(unticked, 'sign-up-referralCode')).not.toHaveProperty('value');
  });
});
