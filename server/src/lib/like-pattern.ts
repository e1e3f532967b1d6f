/** A LIKE pattern matching `term` anywhere; `%` and `_` typed by a visitor are literal characters, not wildcards. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** A LIKE pattern matching `term` at the start of a word of a text read with a space before it, literally. */
export function wordStartPattern(term: string): string {
  return `% ${likePattern(term).slice(1)}`;
}
