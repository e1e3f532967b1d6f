import { describe, expect, it } from 'vitest';
import { addressInputSchema, phoneSchema, registerRequestSchema } from '@/contract/user';
import { safeRedirect } from '@/lib/form-errors';
import { formatDate, formatInr, percentOff } from '@/lib/money';

describe('money and dates for Indian readers', () => {
  it('formats paise as rupees with Indian digit grouping', () => {
    expect(formatInr(12_345_600)).toBe('₹1,23,456');
    expect(formatInr(59_900)).toBe('₹599');
    expect(formatInr(12_990)).toBe('₹129.90');
    expect(formatInr(0)).toBe('₹0');
  });

  it('writes dates as "22 Nov 2026" and rounds savings down', () => {
    expect(formatDate('2026-11-22T06:00:00.000Z')).toBe('22 Nov 2026');
    expect(percentOff(179_900, 129_900)).toBe(27);
    expect(percentOff(50_000, 50_000)).toBe(0);
  });
});

describe('shop input rules shared by the forms and the server', () => {
  it('accepts Indian mobile numbers in any common spelling', () => {
    for (const input of ['9876543210', '+91 98765 43210', '098765-43210']) {
      expect(phoneSchema.parse(input), input).toBe('9876543210');
    }
    for (const input of ['12345', '5876543210', '98765432101']) {
      expect(phoneSchema.safeParse(input).success, input).toBe(false);
    }
  });

  it('needs a 6-digit PIN code not starting with 0', () => {
    const address = { name: 'Asha', phone: '9876543210', line1: '1 MG Road', city: 'Pune', state: 'Maharashtra' };
    expect(addressInputSchema.safeParse({ ...address, pincode: '411001' }).success).toBe(true);
    for (const pincode of ['011001', '41100', '4110011', '41100a']) {
      expect(addressInputSchema.safeParse({ ...address, pincode }).success, pincode).toBe(false);
    }
  });

  it('refuses a password under 8 characters and keeps an empty phone as none', () => {
    const base = { name: 'Asha', email: 'ASHA@example.in', password: 'Long-enough-1' };
    expect(registerRequestSchema.parse({ ...base, phone: '' })).toMatchObject({
      email: 'asha@example.in',
      phone: null,
    });
    expect(registerRequestSchema.safeParse({ ...base, password: 'Short-1' }).success).toBe(false);
  });
});

describe('redirect after login', () => {
  it('follows only paths inside the app', () => {
    expect(safeRedirect('/orders?status=placed')).toBe('/orders?status=placed');
    for (const target of [undefined, '', 'https://evil.example', '//evil.example', '/\\evil.example']) {
      expect(safeRedirect(target), String(target)).toBe('/');
    }
  });
});
