import { parseWithZod } from '@conform-to/zod/v4';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { loginForm, signUpForm } from '#api/auth.ts';
import { TextField } from './field.tsx';
import { useServerForm, type FormReply } from './form.ts';

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
};

const reply = (schema: typeof loginForm | typeof signUpForm, entries: Record<string, string>) =>
  parseWithZod(form(entries), { schema }).reply() as FormReply;

/** The attributes of the element with this id in some markup. */
function attrsOf(html: string, id: string) {
  const tag = new RegExp(`<\\w+ [^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? '';
  return Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}

function Phone({ lastResult, rows, hidden }: { lastResult?: FormReply; rows?: number; hidden?: boolean }) {
  const [, fields] = useServerForm({
    id: 'login',
    fields: ['phoneNumber'],
    lastResult,
    defaultValue: { phoneNumber: '0901234567' },
  });
  return (
    <TextField
      field={fields.phoneNumber}
      label="Số điện thoại"
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      className="input input-large"
      rows={rows}
      hidden={hidden}
    />
  );
}

function Referral({ lastResult }: { lastResult?: FormReply }) {
  const [, fields] = useServerForm({ id: 'sign-up', fields: ['referralCode'], lastResult });
  return (
    <TextField
      field={fields.referralCode}
      label="Mã giới thiệu"
      hint="Số điện thoại của người giới thiệu"
      inputMode="numeric"
    />
  );
}

describe('TextField', () => {
  it('a first visit: the label for the box, the default in it, no error', () => {
    const html = renderToStaticMarkup(<Phone />);
    expect(html).toContain('<label for="login-phoneNumber">Số điện thoại</label>');
    expect(attrsOf(html, 'login-phoneNumber')).toEqual({
      id: 'login-phoneNumber',
      name: 'phoneNumber',
      inputMode: 'tel',
      autoComplete: 'tel-national',
      class: 'input input-large',
      type: 'tel',
      value: '0901234567',
    });
    expect(html).not.toContain('field-error');
    expect(html).toMatch(/^<div class="field">/);
  });

  it('a refused post keeps what was typed and ties the error text to the box', () => {
    const html = renderToStaticMarkup(<Phone lastResult={reply(loginForm, { phoneNumber: '12ab' })} />);
    expect(attrsOf(html, 'login-phoneNumber')).toMatchObject({
      value: '12ab',
      'aria-invalid': 'true',
      'aria-describedby': 'login-phoneNumber-error',
    });
    expect(attrsOf(html, 'login-phoneNumber-error')).toEqual({
      id: 'login-phoneNumber-error',
      class: 'field-error',
      role: 'alert',
    });
  });

  it('a hint is read with the box, before the error', () => {
    expect(attrsOf(renderToStaticMarkup(<Referral />), 'sign-up-referralCode')['aria-describedby']).toBe(
      'sign-up-referralCode-description',
    );
    const refused = renderToStaticMarkup(<Referral lastResult={reply(signUpForm, { referralCode: 'abc' })} />);
    expect(attrsOf(refused, 'sign-up-referralCode')).toMatchObject({
      value: 'abc',
      'aria-describedby': 'sign-up-referralCode-description sign-up-referralCode-error',
    });
    expect(refused).toContain(
      '<p id="sign-up-referralCode-description" class="hint">Số điện thoại của người giới thiệu</p>',
    );
  });

  it('rows make a textarea holding what was typed; hidden hides the whole field', () => {
    const html = renderToStaticMarkup(
      <Phone rows={3} hidden lastResult={reply(loginForm, { phoneNumber: 'hai\ndòng' })} />,
    );
    expect(html).toMatch(/^<div class="field" hidden="">/);
    expect(html).toMatch(/<textarea [^>]*rows="3"[^>]*>hai\ndòng<\/textarea>/);
    expect(html).not.toContain('type="tel"');
  });
});
