import { describe, expect, it } from 'vitest';
import { addressKey } from '../../server/src/lib/client-address.js';

describe('the key a client address is counted under', () => {
  it('is an IPv4 address itself, written as IPv4 or as IPv4 in IPv6', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('is the /64 of an IPv6 address, however the address is written', () => {
    const key = '2001:db8:54:7::/64';
    expect(addressKey('2001:db8:54:7::1')).toBe(key);
    expect(addressKey('2001:0DB8:0054:0007:ffff:ffff:ffff:fffe')).toBe(key);
    expect(addressKey('2001:db8:54:7:a::')).toBe(key);
    expect(addressKey('2001:db8:54:8::1')).not.toBe(key);
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
