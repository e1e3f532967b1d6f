import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const stylesDir = path.join(root, 'node_modules/@mantine/core/styles');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The back office's code, loaded only by staff: its stylesheets may come with it (admin-styles.ts). */
function isBackOffice(file: string): boolean {
  const relative = path.relative(path.join(root, 'src'), file);
  return /^(features\/admin-|components\/admin\/|routes\/admin)/.test(relative);
}

function mantineComponentsOf(file: string): string[] {
  const found: string[] = [];
  const text = fs.readFileSync(file, 'utf8');
  for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
    for (const name of (match[1] ?? '').split(',')) {
      const component = name
        .trim()
        .split(/\s+as\s+/)[0]
        ?.replace(/^type\s+/, '');
      if (component && fs.existsSync(path.join(stylesDir, `${component}.css`))) found.push(component);
    }
  }
  return found;
}

describe('Mantine stylesheets', () => {
  it('imports the stylesheet of every Mantine component the app uses, for all or with the code that uses it', () => {
    const used = new Set<string>();
    const site = fs.readFileSync(path.join(root, 'src/app/mantine-styles.ts'), 'utf8');
    for (const file of sourceFiles(path.join(root, 'src')).filter((file) => !isBackOffice(file))) {
      // A page only some visitors open (My profile) may bring its own components' stylesheets with its code.
      const own = fs.readFileSync(file, 'utf8');
      for (const component of mantineComponentsOf(file)) {
        if (!own.includes(`'@mantine/core/styles/${component}.css'`)) used.add(component);
      }
    }
    expect(used.size).toBeGreaterThan(10);
    const missing = [...used].filter((component) => !site.includes(`'@mantine/core/styles/${component}.css'`));
    expect(missing).toEqual([]);
  });

  it('imports the stylesheet of every component the back office uses, with the site’s or with its own code', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(path.join(root, 'src')).filter(isBackOffice)) {
      for (const component of mantineComponentsOf(file)) used.add(component);
    }
    expect(used.has('Table')).toBe(true);
    const imported =
      fs.readFileSync(path.join(root, 'src/app/mantine-styles.ts'), 'utf8') +
      fs.readFileSync(path.join(root, 'src/components/admin/admin-styles.ts'), 'utf8');
    const missing = [...used].filter((component) => !imported.includes(`'@mantine/core/styles/${component}.css'`));
    expect(missing).toEqual([]);
  });
});
