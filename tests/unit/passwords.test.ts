import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../server/src/lib/passwords';

describe('passwords', () => {
  it('verifies its own hashes and refuses a wrong password', async () => {
    const stored = await hashPassword('Clapperboard#2026');
    expect(stored).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect(await verifyPassword('Clapperboard#2026', stored)).toBe(true);
    expect(await verifyPassword('Clapperboard#2027', stored)).toBe(false);
  });

  it('still verifies a hash made with the earlier parameters (N = 2^17, p = 1)', async () => {
    const salt = randomBytes(16);
    const key = scryptSync('Director#Cut1', salt, 32, { N: 2 ** 17, r: 8, p: 1, maxmem: 300 * 1024 * 1024 });
    const stored = ['scrypt', 2 ** 17, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
    expect(await verifyPassword('Director#Cut1', stored)).toBe(true);
    expect(await verifyPassword('Director#Cut2', stored)).toBe(false);
  });
});
