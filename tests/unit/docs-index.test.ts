import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const indexes = ['docs/README.md', 'docs/decisions/README.md'];

async function markdownUnder(folder: string): Promise<string[]> {
  const files = await fs.readdir(folder, { recursive: true });
  return files
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.join(folder, file))
    .sort();
}

/** The files a Markdown file links to (relative links only, anchors dropped), as paths from the repository. */
async function linkedFrom(file: string): Promise<string[]> {
  const text = await fs.readFile(file, 'utf8');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!.replace(/#.*$/, ''))
    .filter((target) => target !== '' && !/^[a-z]+:/.test(target))
    .map((target) => path.normalize(path.join(path.dirname(file), target)));
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

describe('the documentation under docs/', () => {
  it('is all reachable from its index or the decision records’ index', async () => {
    const linked = new Set((await Promise.all(indexes.map(linkedFrom))).flat());
    const unlisted = (await markdownUnder('docs')).filter((file) => !indexes.includes(file) && !linked.has(file));
    expect(unlisted).toEqual([]);
  });

  it('has every decision record in the decision records’ index, with its date', async () => {
    const index = await fs.readFile('docs/decisions/README.md', 'utf8');
    for (const file of await markdownUnder('docs/decisions')) {
      const name = path.basename(file);
      if (name === 'README.md') continue;
      const [, year, month, day] = /^(\d{4})-(\d{2})-(\d{2})-/.exec(name) ?? [];
      expect(year, `${name} begins with its date`).toBeDefined();
      const date = new Date(`${year}-${month}-${day}T00:00:00Z`).toLocaleDateString('en-IN', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      });
      expect(index, name).toContain(`- ${date}: [`);
      expect(index, name).toMatch(new RegExp(`^- ${date}: \\[[^\\]]+\\]\\(${name.replaceAll('.', '\\.')}\\)$`, 'm'));
    }
  });

  it('links only to files that exist, from the README and from every page under docs/', async () => {
    for (const file of ['README.md', ...(await markdownUnder('docs'))]) {
      for (const target of await linkedFrom(file))
        expect(await exists(target), `${file} links to ${target}`).toBe(true);
    }
  });

  it('is where the README, the tests and CI say it is', async () => {
    const named = new Set<string>();
    const files = ['README.md', ...(await markdownUnder('docs'))];
    for (const folder of ['tests', '.ci', 'scripts']) {
      for (const file of await fs.readdir(folder, { recursive: true })) {
        if (/\.(ts|tsx|js|mjs)$/.test(file) || folder === '.ci') files.push(path.join(folder, file));
      }
    }
    for (const file of files) {
      if (file.includes('node_modules') || (await fs.stat(file)).isDirectory()) continue;
      const text = await fs.readFile(file, 'utf8');
      for (const match of text.matchAll(/\bdocs\/[\w./-]+\.md\b/g)) named.add(match[0]);
    }
    const missing = [];
    for (const file of named) if (!(await exists(file))) missing.push(file);
    expect(missing).toEqual([]);
  });
});
