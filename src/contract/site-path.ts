/** An origin no site has: what a path is resolved against to see where a browser would take it. */
const PROBE_ORIGIN = 'https://cineverse.invalid';

/**
 * True when a browser takes `value` to a path on this site. `//evil.example` is another site, and so is
 * `/\evil.example` (browsers read `\` as `/`) and `/<tab>/evil.example` (they drop tabs and line breaks): a string
 * that starts with `/` is not therefore internal. A site path holds no backslash or control character at all.
 */
export function isSitePath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  // eslint-disable-next-line no-control-regex -- control characters are what is looked for
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return false;
  try {
    return new URL(value, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}
