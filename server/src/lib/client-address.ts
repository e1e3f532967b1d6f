import { isIPv6 } from 'node:net';

/**
 * The key under which a client address is counted by the limits (attempt counters, the rate limit): an IPv4 address
 * as it is, an IPv6 address by its /64. A home or mobile connection is given a whole /64 and may pick any address in
 * it, so counting each IPv6 address alone would let one connection make 2^64 fresh "addresses". An IPv4 address
 * written as IPv6 (`::ffff:203.0.113.7`, a dual-stack socket's) is the IPv4 address.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  // A zone (`fe80::1%eth0`) names the host's interface, not the client.
  const bare = ip.split('%')[0]!.toLowerCase();
  const [head = '', tail = ''] = bare.includes('::') ? bare.split('::') : [bare, ''];
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === '' ? [] : tail.split(':');
  // An embedded IPv4 tail (`64:ff9b::203.0.113.7`) counts as two groups; only the first four groups matter here.
  const tailLength = tailGroups.reduce((length, group) => length + (group.includes('.') ? 2 : 1), 0);
  const groups = [
    ...headGroups,
    ...Array<string>(Math.max(0, 8 - headGroups.length - tailLength)).fill('0'),
    ...tailGroups,
  ];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
