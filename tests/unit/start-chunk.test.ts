import { describe, expect, it } from 'vitest';
import { neededModules } from '../../build/start-chunk';

const lib = '/p/node_modules/lib/esm';
/** A library whose index only re-exports its components, as Mantine's do. */
const barrel = {
  id: `${lib}/index.mjs`,
  code: [
    'import { Button } from "./Button.mjs";',
    'import { Modal, ModalBody } from "./Modal.mjs";',
    'import { Table } from "./Table.mjs";',
    'export { Button, Modal, ModalBody, Table };',
  ].join('\n'),
  importedIds: [`${lib}/Button.mjs`, `${lib}/Modal.mjs`, `${lib}/Table.mjs`],
};
const leaf = (id: string, importedIds: string[] = []) => ({ id, code: 'export const x = 1;', importedIds });

function graphOf(start: string) {
  const modules = [
    { id: '/p/src/start.ts', code: start, importedIds: [barrel.id, '/p/src/util.ts'] },
    leaf('/p/src/util.ts'),
    barrel,
    leaf(`${lib}/Button.mjs`, [`${lib}/styles.mjs`]),
    leaf(`${lib}/styles.mjs`),
    leaf(`${lib}/Modal.mjs`),
    leaf(`${lib}/Table.mjs`),
  ];
  const byId = new Map(modules.map((module) => [module.id, module]));
  return (id: string) => byId.get(id) ?? null;
}

describe('the modules the app starts with', () => {
  it('follows a barrel only to the components imported from it, and their own imports', () => {
    const needed = neededModules(
      ['/p/src/start.ts'],
      graphOf('import { Button } from "lib";\nimport { util } from "./util";'),
    );
    expect([...needed].sort()).toEqual(
      ['/p/src/start.ts', '/p/src/util.ts', `${lib}/Button.mjs`, `${lib}/styles.mjs`].sort(),
    );
  });

  it('follows a renamed import to its component', () => {
    const needed = neededModules(['/p/src/start.ts'], graphOf('import { ModalBody as Body } from "lib";'));
    expect(needed).toContain(`${lib}/Modal.mjs`);
    expect(needed).not.toContain(`${lib}/Table.mjs`);
  });

  it('takes the whole library when a module imports all of it or a name the index does not list', () => {
    for (const start of ['import * as lib from "lib";', 'import { Button, Unlisted } from "lib";']) {
      const needed = neededModules(['/p/src/start.ts'], graphOf(start));
      expect(needed, start).toContain(`${lib}/Table.mjs`);
      expect(needed, start).toContain(`${lib}/Modal.mjs`);
    }
  });
});
