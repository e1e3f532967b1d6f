import path from 'node:path';
import type { Plugin } from 'vite';

/** `import { a, b as c } from "x"` and `export { a } from "x"`: the names and where they come from. */
const namedImport = /(?:import|export)\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
/** `import * as x from "x"`, `export * from "x"` or a bare `import "x"`: everything the module may hold. */
const wholeImport = /(?:import\s*\*\s*as\s+\w+\s*from|export\s*\*\s*from|import)\s*["']([^"']+)["']/g;
/** A barrel: a module of nothing but imports and one export list (Mantine's package indexes). */
const barrelShape = /^\s*(?:(?:import\s*\{[^}]*\}\s*from\s*["'][^"']+["'];?|export\s*\{[^}]*\};?)\s*)+$/;

/** `a`, `b as c` -> [{ name: a, as: a }, { name: b, as: c }]: a name in the source module and the name it is given. */
function specifiers(list: string): { name: string; as: string }[] {
  return list
    .split(',')
    .map((item) => item.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((item) => {
      const [name = item, as = name] = item.split(/\s+as\s+/);
      return { name, as };
    });
}

interface GraphModule {
  id: string;
  code: string | null;
  importedIds: readonly string[];
}

/**
 * The modules a root needs, following each import of a barrel only to the files of the names it imports. A barrel
 * names every component of a library; followed whole, the closure would hold components only later pages use.
 */
export function neededModules(roots: string[], getModule: (id: string) => GraphModule | null): Set<string> {
  /** The imported module a specifier names: a relative file, or a package's entry inside node_modules. */
  const target = (module: GraphModule, specifier: string) =>
    specifier.startsWith('.')
      ? module.importedIds.find((id) => id.startsWith(path.resolve(path.dirname(module.id), specifier)))
      : module.importedIds.find((id) => id.includes(`/node_modules/${specifier}/`));

  /** Per module: for a barrel, the file each name it exports comes from; null for any other module. */
  const barrels = new Map<string, Map<string, string> | null>();
  const barrelExports = (module: GraphModule): Map<string, string> | null => {
    const known = barrels.get(module.id);
    if (known !== undefined) return known;
    let exports: Map<string, string> | null = null;
    if (module.code !== null && barrelShape.test(module.code)) {
      exports = new Map();
      for (const [, list, from] of module.code.matchAll(namedImport)) {
        const file = target(module, from!);
        if (file !== undefined) for (const { as } of specifiers(list!)) exports.set(as, file);
      }
    }
    barrels.set(module.id, exports);
    return exports;
  };
  const seen = new Set<string>();
  const stack = [...roots];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    const module = getModule(id);
    if (!module) continue;
    /** Barrels this module takes some names of, and those it needs whole. */
    const viaBarrel = new Set<string>();
    const whole = new Set<string>();
    const code = module.code ?? '';
    for (const [, list, specifier] of code.matchAll(namedImport)) {
      const barrelId = target(module, specifier!);
      const barrel = barrelId === undefined ? null : getModule(barrelId);
      const exports = barrel && barrelExports(barrel);
      if (!barrel || !exports) continue;
      const files = specifiers(list!).map(({ name }) => exports.get(name));
      // A name the barrel does not list plainly: the barrel is followed whole.
      if (files.some((file) => file === undefined)) whole.add(barrel.id);
      viaBarrel.add(barrel.id);
      stack.push(...files.filter((file) => file !== undefined));
    }
    for (const [, specifier] of code.matchAll(wholeImport)) {
      const barrelId = target(module, specifier!);
      if (barrelId !== undefined) whole.add(barrelId);
    }
    for (const imported of module.importedIds) {
      if (!viaBarrel.has(imported) || whole.has(imported)) stack.push(imported);
    }
  }
  return seen;
}

/** The page's entry (index.html's script): it must not import the start's chunk. */
const entryModule = /\/src\/main\.tsx$/;

/** The module whose chunk the entry imports after the first paint: the app's start. */
export const startModule = /\/src\/app\/start\.tsx$/;

/**
 * Puts every module the app starts with (what `src/app/start.tsx` needs, directly or not, except `excluded` and
 * what the entry itself imports) in one chunk. Split automatically, they were ~25 small chunks, and every file the
 * page asks for costs its main thread: one long task to ask for them all, then one task for each that arrives.
 */
export function startChunk(excluded: RegExp): { plugin: Plugin; test: (id: string) => boolean } {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: 'cineverse-start-chunk',
    applyToEnvironment: (environment) => environment.name === 'client',
    buildEnd() {
      modules.clear();
      const ids = [...this.getModuleIds()];
      const getModule = (id: string) => this.getModuleInfo(id);
      const entry = neededModules(
        ids.filter((id) => getModule(id)?.isEntry || entryModule.test(id)),
        getModule,
      );
      const start = neededModules(
        ids.filter((id) => startModule.test(id)),
        getModule,
      );
      // Virtual modules (Vite's preload helper) go where the bundler puts them: the entry uses them too.
      for (const id of start) if (!entry.has(id) && !excluded.test(id) && !id.startsWith('\0')) modules.add(id);
    },
  };
  return { plugin, test: (id) => modules.has(id) };
}
