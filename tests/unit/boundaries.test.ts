import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

/** The boundary rules lint reports on `code` as if it were the file at `filePath`. */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
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
