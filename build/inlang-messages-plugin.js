/**
 * The inlang plugin that reads the messages: messages/{locale}.json, one flat object of key to text, where `{name}`
 * is an input. A file of the repository, not a module fetched from a CDN when the messages compile: `npm ci`, the
 * build and the tests then need no network. inlang imports it as text (a data: URL), so it imports nothing.
 */
const inputPattern = /\{(\w+)\}/g;

/** "Hello, {name}" as inlang's pattern: text and variable references. */
function patternOf(text) {
  const pattern = [];
  let last = 0;
  for (const match of text.matchAll(inputPattern)) {
    if (match.index > last) pattern.push({ type: 'text', value: text.slice(last, match.index) });
    pattern.push({ type: 'expression', arg: { type: 'variable-reference', name: match[1] } });
    last = match.index + match[0].length;
  }
  if (last < text.length) pattern.push({ type: 'text', value: text.slice(last) });
  return pattern;
}

export default {
  key: 'plugin.cineverse.messages',
  toBeImportedFiles: ({ settings }) =>
    settings.locales.map((locale) => ({ locale, path: `./messages/${locale}.json` })),
  importFiles: ({ files }) => {
    const inputs = new Map();
    const messages = [];
    const variants = [];
    for (const file of files) {
      const entries = JSON.parse(new TextDecoder().decode(file.content));
      for (const [key, text] of Object.entries(entries)) {
        if (key.startsWith('$')) continue;
        const names = inputs.get(key) ?? new Set();
        for (const match of text.matchAll(inputPattern)) names.add(match[1]);
        inputs.set(key, names);
        messages.push({ bundleId: key, locale: file.locale, selectors: [] });
        variants.push({ messageBundleId: key, messageLocale: file.locale, matches: [], pattern: patternOf(text) });
      }
    }
    const bundles = [...inputs].map(([id, names]) => ({
      id,
      declarations: [...names].map((name) => ({ type: 'input-variable', name })),
    }));
    return { bundles, messages, variants };
  },
};
