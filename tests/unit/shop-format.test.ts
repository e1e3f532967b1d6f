import { describe, expect, it } from 'vitest';
import { addressInputSchema, phoneSchema, registerRequestSchema } from '@/contract/user';
import { safeRedirect } from '@/lib/safe-redirect';
import { formatDate, formatInr, percentOff } from '@/lib/money';

describe('money and dates for Indian readers', () => {
  it('formats paise as rupees with Indian digit grouping', () => {
    expect(formatInr(12_345_600)).toBe('₹1,23,456');
    expect(formatInr(59_900)).toBe('₹599');
    expect(formatInr(12_990)).toBe('₹129.90');
    expect(formatInr(0)).toBe('₹0');
    expect(formatInr(5)).toBe('₹0.05');
  });

  it('writes rupees as Intl does for en-IN, from one paisa to crores', () => {
    const whole = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
    const exact = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });
    const amounts = [1, 99, 100, 101, 99_999, 100_000, 123_456_789, 10_000_000_000, 999_999_999_99];
    for (let paise = 7; paise < 2e12; paise = paise * 3 + 1) amounts.push(paise, Math.max(100, paise - (paise % 100)));
    for (const paise of amounts) {
      const intl = paise % 100 === 0 ? whole.format(paise / 100) : exact.format(paise / 100);
      expect(formatInr(paise), String(paise)).toBe(intl);
      expect(formatInr(-paise), String(-paise)).toBe(`-${intl}`);
    }
  });

  it('writes dates as "22 Nov 2026" and rounds savings down', () => {
    expect(formatDate('2026-11-22T06:00:00.000Z')).toBe('22 Nov 2026');
    const intl = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
    for (let month = 0; month < 12; month++) {
      const date = new Date(2027, month, month + 1, 12);
      expect(formatDate(date.toISOString())).toBe(intl.format(date));
    }
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
