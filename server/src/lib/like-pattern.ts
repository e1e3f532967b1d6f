/** A LIKE pattern matching `term` anywhere; `%` and `_` typed by a visitor are literal characters, not wildcards. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
