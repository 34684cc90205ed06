import { describe, expect, it } from 'vitest';
import type { Club } from '#api/clubs.ts';
import { clubChoice, clubView, normalizeCoupon } from './membership.server.ts';

const club: Club = {
  id: 3,
  nameVi: 'Gym Nguyễn Thị Thập',
  nameEn: 'Gym Nguyen Thi Thap',
  address: '468 Nguyễn Thị Thập, Phường Tân Quy',
  districtName: 'Quận 7',
  cityId: 1,
  cityNameVi: 'TP. Hồ Chí Minh',
  cityNameEn: 'Ho Chi Minh City',
  latitude: 10.7383,
  longitude: 106.7146,
  hotline: '0100 000 103',
  isActive: false,
};

describe('membership helpers', () => {
  it('shows a club in the page language with a tap-to-call link and a map link by coordinates', () => {
    const vi = clubView(club, 'vi');
    expect(vi).toMatchObject({
      name: 'Gym Nguyễn Thị Thập',
      city: 'TP. Hồ Chí Minh',
      district: 'Quận 7',
      hotlineHref: 'tel:0100000103',
      isActive: false,
    });
    expect(vi.mapUrl).toBe('https://www.google.com/maps/search/?api=1&query=10.7383,106.7146');
    expect(clubView(club, 'en')).toMatchObject({ name: 'Gym Nguyen Thi Thap', city: 'Ho Chi Minh City' });
  });

  it('reads the typed promo code the way the gateway does, and refuses what cannot be one', () => {
    expect(normalizeCoupon(' chaoban10 ')).toEqual({ code: 'CHAOBAN10', valid: true });
    expect(normalizeCoupon('')).toEqual({ code: null, valid: true });
    expect(normalizeCoupon('HE 2026!')).toEqual({ code: null, valid: false });
    expect(normalizeCoupon('x'.repeat(40))).toEqual({ code: null, valid: false });
  });

  it('keeps only the two club choices from ?type=', () => {
    expect(clubChoice('http://x/membership?type=multi')).toBe('multi');
    expect(clubChoice('http://x/membership?type=single')).toBe('single');
    expect(clubChoice('http://x/membership?type=gold')).toBeNull();
    expect(clubChoice('http://x/membership')).toBeNull();
  });
});
