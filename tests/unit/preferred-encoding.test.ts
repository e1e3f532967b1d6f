import { describe, expect, it } from 'vitest';
import { preferredEncoding } from '../../server/src/plugins/read-cache';

describe('preferredEncoding', () => {
  it('takes br first, then gzip, and never an encoding the client refuses with q=0', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip;q=0.5, br;q=0.1')).toBe('br');
    expect(preferredEncoding('BR;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('gzip');
    expect(preferredEncoding(['deflate', 'gzip'])).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });

  it('answers a header seen before as the first time, and keeps answering once many kinds have been seen', () => {
    for (let round = 0; round < 2; round += 1) {
      expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
      expect(preferredEncoding('BR;q=0, gzip')).toBe('gzip');
      expect(preferredEncoding('identity')).toBeUndefined();
    }
    for (let index = 0; index < 100; index += 1) {
      expect(preferredEncoding(`x-${index}, gzip`)).toBe('gzip');
      expect(preferredEncoding(`x-${index}, br;q=0`)).toBeUndefined();
    }
  });
});
