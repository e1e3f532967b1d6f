import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

/** The boundary rules lint reports on `code` as if it were the file at `filePath`. */
async function boundaryErrors(filePath: string, code: string, linter = eslint): Promise<string[]> {
  const [result] = await linter.lintText(code, { filePath });
  return result!.messages
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message);
}

describe('the server and the app share only the contract', () => {
  it('refuses a server file that imports the app', async () => {
    const errors = await boundaryErrors(
      'server/src/plugins/probe.ts',
      "import type { AppRouter } from '../../../src/app/router.js';\nexport type Probe = AppRouter;\n",
    );
    expect(errors).toEqual([expect.stringContaining('The server imports nothing from src/ but src/contract')]);
  });

  it('lets a server file import the contract', async () => {
    const errors = await boundaryErrors(
      'server/src/plugins/probe.ts',
      "import type { RenderedPage } from '../../../src/contract/page-renderer.js';\nexport type Probe = RenderedPage;\n",
    );
    expect(errors).toEqual([]);
  });

  it('refuses the app, its service worker and its build importing the server', async () => {
    for (const [filePath, from] of [
      ['src/lib/probe.ts', '../../server/src/config.js'],
      ['sw/probe.ts', '../server/src/config.js'],
      ['vite.config.ts', './server/src/config.js'],
    ] as const) {
      const errors = await boundaryErrors(
        filePath,
        `import { readConfig } from '${from}';\nexport const probe = readConfig;\n`,
      );
      expect(errors, filePath).toEqual([expect.stringContaining('share nothing with the server')]);
    }
  });
});

/** The folders of src/features, each a feature. */
async function featureFolders(): Promise<string[]> {
  const entries = await fs.readdir('src/features', { withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** A module of the feature, as a path from a file directly in another feature's folder. */
async function someModuleOf(feature: string): Promise<string> {
  const files = (await fs.readdir(path.join('src/features', feature), { recursive: true }))
    .filter((file) => /\.tsx?$/.test(file))
    .sort();
  expect(files.length, feature).toBeGreaterThan(0);
  return `../${feature}/${files[0]!.replace(/\.tsx?$/, '.js')}`;
}

const crossing = 'A feature must not import another feature';

// Linting is slow on a busy machine: a lint run per feature.
describe('a feature never imports another', { timeout: 120_000 }, () => {
  it('holds for every folder of src/features', async () => {
    const features = await featureFolders();
    for (const [index, feature] of features.entries()) {
      const other = features[(index + 1) % features.length]!;
      const errors = await boundaryErrors(
        `src/features/${feature}/probe.ts`,
        `import * as other from '${await someModuleOf(other)}';\nexport const probe = other;\n`,
      );
      expect(errors, `${feature} importing ${other}`).toEqual([expect.stringContaining(crossing)]);
    }
  });

  it('holds for a feature folder added later, with no change to the lint configuration', async () => {
    const feature = `probe-${randomBytes(4).toString('hex')}`;
    const folder = path.join('src/features', feature);
    // The configuration as a lint run loads it afresh (a module already loaded in this process would not be).
    const configFile = `eslint.config.${feature}.js`;
    await fs.mkdir(folder);
    try {
      await fs.writeFile(path.join(folder, 'probe-module.ts'), 'export const probe = 1;\n');
      await fs.copyFile('eslint.config.js', configFile);
      const linter = new ESLint({ overrideConfigFile: configFile });
      const intoOther = await boundaryErrors(
        `src/features/${feature}/probe.ts`,
        `import * as other from '${await someModuleOf('cart')}';\nexport const probe = other;\n`,
        linter,
      );
      expect(intoOther).toEqual([expect.stringContaining(crossing)]);
      const intoNew = await boundaryErrors(
        'src/features/cart/probe.ts',
        `import { probe as other } from '../${feature}/probe-module.js';\nexport const probe = other;\n`,
        linter,
      );
      expect(intoNew).toEqual([expect.stringContaining(crossing)]);
    } finally {
      await fs.rm(folder, { recursive: true, force: true });
      await fs.rm(configFile, { force: true });
    }
  });
});
