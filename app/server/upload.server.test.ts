import { describe, expect, it } from 'vitest';
import { readBoundedForm } from './upload.server.ts';

const post = (body: FormData | URLSearchParams) =>
  new Request('http://app.test/account/information', { method: 'POST', body });

describe('readBoundedForm', () => {
  it('reads a form within the limit, file included', async () => {
    const form = new FormData();
    form.set('fullName', 'Nguyễn Văn A');
    form.set('image', new File([new Uint8Array(2000)], 'a.jpg', { type: 'image/jpeg' }));
    const { formData, tooLarge } = await readBoundedForm(post(form), 10_000);
    expect(tooLarge).toBe(false);
    expect(formData.get('fullName')).toBe('Nguyễn Văn A');
    expect((formData.get('image') as File).size).toBe(2000);
  });

  it('past the limit keeps the text fields before the file and drops the file', async () => {
    const form = new FormData();
    form.set('fullName', 'Trần Thị Bích');
    form.set('email', 'bich@example.com');
    form.set('image', new File([new Uint8Array(50_000)], 'big.jpg', { type: 'image/jpeg' }));
    const { formData, tooLarge } = await readBoundedForm(post(form), 10_000);
    expect(tooLarge).toBe(true);
    expect(formData.get('fullName')).toBe('Trần Thị Bích');
    expect(formData.get('email')).toBe('bich@example.com');
    expect(formData.get('image')).toBeNull();
  });

  it('past the limit with the file first gives an empty form, not a crash', async () => {
    const form = new FormData();
    form.set('image', new File([new Uint8Array(50_000)], 'big.jpg'));
    form.set('fullName', 'after');
    const { formData, tooLarge } = await readBoundedForm(post(form), 10_000);
    expect(tooLarge).toBe(true);
    expect([...formData.keys()]).toEqual([]);
  });

  it('reads url-encoded forms too', async () => {
    const { formData, tooLarge } = await readBoundedForm(post(new URLSearchParams({ email: 'a@b.vn' })), 10_000);
    expect(tooLarge).toBe(false);
    expect(formData.get('email')).toBe('a@b.vn');
  });
});
