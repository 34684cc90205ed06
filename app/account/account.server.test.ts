import { describe, expect, it } from 'vitest';
import { safeExternalUrl, telHref, webMediaUrl } from './account.server.ts';

describe('account helpers', () => {
  it('maps only the gateway media path of a 128-bit id to /media/…', () => {
    expect(webMediaUrl('/api/v1/media/0123456789abcdef0123456789abcdef')).toBe(
      '/media/0123456789abcdef0123456789abcdef',
    );
    expect(webMediaUrl('/api/v1/media/../auth/profile')).toBeNull();
    expect(webMediaUrl('https://evil.example/x.png')).toBeNull();
    expect(webMediaUrl(null)).toBeNull();
  });

  it('keeps only https links typed by staff', () => {
    expect(safeExternalUrl('https://zalo.me/0100000100')).toBe('https://zalo.me/0100000100');
    expect(safeExternalUrl('javascript:alert(1)')).toBeNull();
    expect(safeExternalUrl('http://facebook.com/x')).toBeNull();
    expect(safeExternalUrl('not a url')).toBeNull();
    expect(safeExternalUrl(null)).toBeNull();
  });

  it('turns a printed hotline into a dialable tel: link', () => {
    expect(telHref('0100 000 100')).toBe('tel:0100000100');
    expect(telHref('028.3822-1234')).toBe('tel:02838221234');
    expect(telHref('+84 28 3822 1234')).toBe('tel:+842838221234');
  });
});
