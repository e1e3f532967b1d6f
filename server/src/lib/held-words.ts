/**
 * Words that make a new organisation wait for a moderator before it is listed: a claim to be "official", or talk of a
 * fee, a registration or a payment, the marks of the audition scams that charge actors to be seen. English words match
 * whole and in any case; Hindi words (Devanagari has no case, and `\b` does not see its letters) match anywhere.
 */
const englishWords = /\b(official(ly)?|fees?|registration|payments?|deposit)\b/giu;
const hindiWords = ['शुल्क', 'फीस', 'पंजीकरण', 'रजिस्ट्रेशन', 'भुगतान'];

/** The held words in `text`, lower-cased, each once, in the order they first appear. */
export function heldWordsIn(text: string): string[] {
  const found = [...text.matchAll(englishWords)].map((match) => match[0].toLowerCase());
  for (const word of hindiWords) if (text.includes(word)) found.push(word);
  return [...new Set(found)];
}

/**
 * Why an organisation named `name`, described by `description`, waits for a moderator: the words it uses, in the
 * queue's words; null when it uses none.
 */
export function heldReasonFor(name: string, description: string): string | null {
  const words = heldWordsIn(`${name}\n${description}`);
  if (words.length === 0) return null;
  return `Its name or description says ${words.map((word) => `“${word}”`).join(', ')}`;
}
