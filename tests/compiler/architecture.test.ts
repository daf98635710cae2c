import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  PACKAGE_ROOT,
  readSchemas,
  renderSchemaTypes,
  renderMessageKeys,
  runtimeMessageKeys,
  SOURCE_CATALOGUE,
} from '../../generator/index.ts';
import { RUNTIME_MESSAGE_KEYS } from '../../core/message-keys.ts';
import { createAccount } from '../../runtime/account.ts';

/** Every source (TypeScript, and plain JavaScript) of a folder, with the modules it imports, all and those whose code it runs (relative ones resolved to package paths). */
function importsOf(folder: string): { file: string; imports: string[]; values: string[] }[] {
  const out: { file: string; imports: string[]; values: string[] }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(PACKAGE_ROOT, dir), { withFileTypes: true })) {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(relative);
      else if (/\.(tsx?|js)$/.test(entry.name)) {
        const text = readFileSync(path.join(PACKAGE_ROOT, relative), 'utf8');
        const resolve = (spec: string) => (spec.startsWith('.') ? path.posix.normalize(path.posix.join(dir, spec)) : spec);
        const imports = [...text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((m) => resolve(m[1]!));
        // What the code runs (`import type`, `export type` and `typeof import()` vanish when it is compiled).
        const values = [
          ...text.matchAll(/^(import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'|(?<!typeof\s*)import\s*\(\s*'([^']+)'/gm),
        ].map((m) => resolve((m[2] ?? m[3])!));
        out.push({ file: relative, imports, values });
      }
    }
  };
  walk(folder);
  return out;
}

/** Where an import loop runs: each group of modules that reach one another through their imports (Tarjan's components), its files sorted. */
function loopsOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const loops: string[][] = [];
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (stack.includes(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group = stack.splice(stack.indexOf(file));
    if (group.length > 1 || graph.get(file)!.includes(file)) loops.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return loops;
}

/**
 * The compiler's parts and their layers, lowest first (docs/architecture.md, "The compiler"): a
 * module may import a module of its own part or of a part on a lower layer, never one on its own
 * layer or above; types count as much as code, since a type is where a dependency starts.
 * Diagnostics and art sit below the stages that report and read them; the stages run in order
 * (load, validate, resolve, emit and bundle, prerender); features (history, translations, the
 * schedule, diff, the report, the translator's files) sit above the stages they read; the spine's
 * calls (options, compile, check, build) between; the ports, the public face and the commands on top.
 */
const LAYERS: readonly (readonly [part: string, modules: readonly string[]])[][] = [
  [['base', ['generator/paths.ts', 'generator/limit.ts', 'generator/cache.ts', 'generator/output.ts']]],
  [['diagnostics', ['generator/diagnostics/']]],
  [['art', ['generator/art/']]],
  [['load', ['generator/load/']]],
  [['validate', ['generator/validate/']]],
  [['resolve', ['generator/resolve/']]],
  [
    ['history', ['generator/history/']],
    ['translations', ['generator/translations/']],
  ],
  [
    ['emit', ['generator/emit/']],
    ['bundle', ['generator/bundle/']],
  ],
  [
    ['prerender', ['generator/prerender/']],
    ['deploy', ['generator/deploy/']],
  ],
  [['options', ['generator/options.ts']]],
  [['compile', ['generator/compile.ts']]],
  [
    ['check', ['generator/check.ts']],
    ['build', ['generator/build.ts']],
    ['exchange', ['generator/translations/exchange/']],
  ],
  [
    ['merge', ['generator/merge.ts']],
    ['diff', ['generator/diff/']],
    ['report', ['generator/report/']],
    ['generate', ['generator/generate/']],
  ],
  [['ports', ['generator/ports.ts']]],
  [
    ['face', ['generator/index.ts']],
    ['commands', ['generator/commands/', 'generator/cli.ts']],
  ],
];

/** A module's part and layer: the part whose folder holds it most closely (translations/exchange/ before translations/). */
function partOf(file: string): { part: string; layer: number } | undefined {
  let best: { part: string; layer: number; length: number } | undefined;
  LAYERS.forEach((parts, layer) => {
    for (const [part, modules] of parts)
      for (const module of modules)
        if ((file === module || (module.endsWith('/') && file.startsWith(module))) && module.length > (best?.length ?? -1))
          best = { part, layer, length: module.length };
  });
  return best && { part: best.part, layer: best.layer };
}

/** The imports of these modules that break the layers, one line each. */
function layerViolations(modules: readonly { file: string; imports: readonly string[] }[]): string[] {
  const out: string[] = [];
  for (const { file, imports } of modules) {
    const from = partOf(file);
    if (!from) continue;
    for (const target of imports) {
      if (target.startsWith('preview/') || target.startsWith('server/') || target.startsWith('bin/')) {
        out.push(`${file} (${from.part}, layer ${from.layer}) -> ${target} (outside the compiler)`);
        continue;
      }
      const to = target.startsWith('generator/') ? partOf(target) : undefined;
      if (!to || to.part === from.part || to.layer < from.layer) continue;
      out.push(`${file} (${from.part}, layer ${from.layer}) -> ${target} (${to.part}, layer ${to.layer})`);
    }
  }
  return out;
}

/** Every folder of the package's own code (sites/, generated, aside). */
const CODE_FOLDERS = ['bin', 'core', 'files', 'generator', 'preview', 'runtime', 'schema', 'scripts', 'server', 'studio', 'tests'];

describe('the code layout', () => {
  it('has no import loop anywhere (static, type-only and dynamic imports alike): a type lives below the modules that use it', () => {
    const graph = new Map(CODE_FOLDERS.flatMap((folder) => importsOf(folder)).map(({ file, imports }) => [file, imports] as const));
    // Every edge into the package's code resolves to a module (a misspelt path would hide a loop;
    // an import in the text of a module the build writes, such as a region's entry, is none).
    const code = new RegExp(`^(${CODE_FOLDERS.join('|')})/[^$]*\\.(tsx?|js)$`);
    for (const [file, targets] of graph)
      expect(
        targets.filter((target) => code.test(target) && !graph.has(target)),
        file,
      ).toEqual([]);
    const loops = loopsOf(graph);
    expect(loops.map((group) => group.join(' <-> '))).toEqual([]);
  });

  it('keeps the compiler below the preview and the server: generator/ declares the ports it calls (ports.ts), preview/ implements them', () => {
    const upward: string[] = [];
    for (const { file, imports } of importsOf('generator'))
      for (const i of imports) if (i.startsWith('server/') || i.startsWith('preview/')) upward.push(`${file} -> ${i}`);
    expect(upward).toEqual([]);
  });

  it('layers the compiler by stage and feature: a module imports only its own part and the parts below it (docs/architecture.md)', () => {
    const violations = layerViolations(importsOf('generator'));
    expect(violations).toEqual([]);
    // Every module of generator/ belongs to a part, so a new folder must be placed in the layers.
    expect(
      importsOf('generator')
        .filter(({ file }) => partOf(file) === undefined)
        .map(({ file }) => file),
    ).toEqual([]);
    // Every folder of the compiler (the spine's root included) and of the preview holds at most 15
    // modules of its own: a split lands in a folder, not beside its parent.
    const perFolder = new Map<string, number>();
    for (const { file } of [...importsOf('generator'), ...importsOf('preview')])
      perFolder.set(path.posix.dirname(file), (perFolder.get(path.posix.dirname(file)) ?? 0) + 1);
    expect([...perFolder].filter(([, count]) => count > 15).map(([folder, count]) => `${folder}: ${count} modules`)).toEqual([]);
    expect(perFolder.get('generator')).toBeGreaterThan(5);
  });

  it('fails a planted wrong import: a stage that reads a later one, a stage that reads a feature, the compiler reading the preview', () => {
    const plant = (file: string, target: string) => layerViolations([{ file, imports: [target] }]);
    expect(plant('generator/load/index.ts', 'generator/resolve/index.ts')).toEqual([
      'generator/load/index.ts (load, layer 3) -> generator/resolve/index.ts (resolve, layer 5)',
    ]);
    expect(plant('generator/resolve/model.ts', 'generator/diff/index.ts')).toHaveLength(1);
    expect(plant('generator/emit/templates.ts', 'generator/bundle/vite-build.ts')).toHaveLength(1);
    expect(plant('generator/compile.ts', 'generator/build.ts')).toHaveLength(1);
    expect(plant('generator/diff/index.ts', 'generator/commands/shared.ts')).toHaveLength(1);
    expect(plant('generator/art/svg.ts', 'preview/pictures/index.ts')).toEqual([
      'generator/art/svg.ts (art, layer 2) -> preview/pictures/index.ts (outside the compiler)',
    ]);
    // Downward and within a part: allowed.
    expect(plant('generator/resolve/model.ts', 'generator/load/source-file.ts')).toEqual([]);
    expect(plant('generator/diff/index.ts', 'generator/diff/words.ts')).toEqual([]);
    expect(plant('generator/commands/diff.ts', 'generator/diff/index.ts')).toEqual([]);
  });

  it('shows one public face: preview/ and scripts/ use generator/index.ts (or the command line, cli.ts), never an inner module', () => {
    const faces = ['generator/index.ts', 'generator/cli.ts'];
    for (const folder of ['preview', 'scripts'])
      for (const { file, imports } of importsOf(folder))
        expect(
          imports.filter((i) => i.startsWith('generator/') && !faces.includes(i)),
          file,
        ).toEqual([]);
    // Nothing inside the compiler imports its face (it is for callers).
    for (const { file, imports } of importsOf('generator'))
      expect(
        imports.filter((i) => i === 'generator/index.ts'),
        file,
      ).toEqual([]);
  });

  it('keeps the studio a part of its own: its server uses the public face, its page only its own code and the shared types', () => {
    const studio = importsOf('studio');
    expect(studio.map(({ file }) => file)).toContain('studio/server/index.ts');
    for (const { file, imports } of studio) {
      // The server: the compiler's face, the preview, the server's back ends and the shared rules (core/).
      if (file.startsWith('studio/server/'))
        expect(
          imports.filter((i) => i.startsWith('generator/') && i !== 'generator/index.ts'),
          file,
        ).toEqual([]);
      // The page runs in the browser: nothing of the compiler, the server, the preview or Node.
      if (file.startsWith('studio/client/'))
        expect(
          imports.filter(
            (i) => /^(generator|server|preview|files|bin|runtime)\//.test(i) || i.startsWith('node:') || i.startsWith('studio/server/'),
          ),
          file,
        ).toEqual([]);
    }
    // studio/api.ts (with api-base.ts and api-translations.ts) holds the JSON both sides speak: types only, so the page carries no server code.
    for (const file of ['studio/api.ts', 'studio/api-base.ts', 'studio/api-translations.ts'])
      expect(readFileSync(path.join(PACKAGE_ROOT, file), 'utf8'), file).not.toMatch(/^(import|export)\s+(?!type\b|interface\b)/m);
    // Nothing below the studio reaches up into it.
    for (const folder of ['core', 'files', 'generator', 'preview', 'runtime', 'server'])
      for (const { file, imports } of importsOf(folder))
        expect(
          imports.filter((i) => i.startsWith('studio/')),
          file,
        ).toEqual([]);
  });

  it('keeps the compiler and the server apart: the live preview composes them in preview/', () => {
    for (const { file, imports } of importsOf('generator'))
      expect(
        imports.filter((i) => i.startsWith('server/')),
        file,
      ).toEqual([]);
    for (const { file, imports } of importsOf('server'))
      expect(
        imports.filter((i) => i.startsWith('generator/')),
        file,
      ).toEqual([]);
  });

  it('gives the server no content parser: it reads what the build compiled (backends.json)', () => {
    for (const { file, imports } of importsOf('server'))
      expect(
        imports.filter((i) => i === 'yaml' || i.startsWith('content/')),
        file,
      ).toEqual([]);
  });

  it('keeps the shared rules in core/ free of the DOM, React and any HTTP client', () => {
    for (const { file, imports, values } of importsOf('core')) {
      expect(
        imports.filter((i) => !i.startsWith('core/') && !i.startsWith('schema/') && i !== 'schema-dts'),
        file,
      ).toEqual([]);
      // schema.org's vocabulary, the type of a page's structured data (core/model/head.ts): types only.
      expect(
        values.filter((i) => i === 'schema-dts'),
        file,
      ).toEqual([]);
      const text = readFileSync(path.join(PACKAGE_ROOT, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      expect(text, file).not.toMatch(/\b(window|document|localStorage|navigator)\s*\.|\bfetch\s*\(/);
    }
  });

  it('keeps files/ (the output folder on disk, shared by the compiler and the server) below both, and out of the browser', () => {
    for (const { file, imports } of importsOf('files'))
      expect(
        imports.filter((i) => !i.startsWith('node:') && !i.startsWith('core/') && !i.startsWith('files/')),
        file,
      ).toEqual([]);
    for (const { file, imports } of importsOf('runtime'))
      expect(
        imports.filter((i) => i.startsWith('files/')),
        file,
      ).toEqual([]);
  });

  it('keeps the shared rules in core/: the compiler and the preview run nothing of runtime/ (its types aside)', () => {
    for (const folder of ['generator', 'preview']) {
      for (const { file, values } of importsOf(folder))
        expect(
          values.filter((i) => i.startsWith('runtime/')),
          file,
        ).toEqual([]);
    }
  });

  it('keeps the library below its launchers: nothing imports bin/ but the launchers themselves', () => {
    for (const folder of ['core', 'files', 'generator', 'preview', 'server', 'runtime']) {
      for (const { file, imports } of importsOf(folder))
        expect(
          imports.filter((i) => i.startsWith('bin/')),
          file,
        ).toEqual([]);
    }
  });

  it('keeps the CLI thin: generator/commands/ call the library, which never imports a command or cli.ts', () => {
    const commands = importsOf('generator/commands');
    expect(commands.map((c) => c.file)).toContain('generator/commands/build.ts');
    for (const { file, imports } of importsOf('generator')) {
      if (file.startsWith('generator/commands/') || file === 'generator/cli.ts') continue;
      expect(
        imports.filter((i) => i.startsWith('generator/commands/') || i === 'generator/cli.ts'),
        file,
      ).toEqual([]);
    }
    // A command reads no file, fetches nothing and compresses nothing itself: the library does.
    for (const { file, imports } of commands) {
      expect(
        imports.filter((i) => i === 'node:zlib' || i === 'node:https' || i === 'node:http'),
        file,
      ).toEqual([]);
      const text = readFileSync(path.join(PACKAGE_ROOT, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      expect(text, file).not.toMatch(/\bfetch\s*\(|\brename\s*\(|\breaddir(Sync)?\s*\(/);
      // Commands share commands/shared.ts, never each other's code.
      expect(
        imports.filter((i) => i.startsWith('generator/commands/') && i !== 'generator/commands/shared.ts'),
        file,
      ).toEqual([]);
    }
    for (const file of ['generator/cli.ts', ...commands.map((c) => c.file)]) {
      expect(readFileSync(path.join(PACKAGE_ROOT, file), 'utf8').split('\n').length, file).toBeLessThanOrEqual(300);
    }
  });

  it('keeps every source file at most 300 lines (generated ones aside): a longer one is split along a seam', () => {
    // Written by `npm run generate`, not by hand.
    const generated = ['core/message-keys.ts'];
    const lines = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    const long: string[] = [];
    for (const folder of ['bin', 'core', 'files', 'generator', 'preview', 'runtime', 'server', 'scripts', 'studio']) {
      for (const { file } of importsOf(folder)) {
        if (generated.includes(file)) continue;
        const count = lines(readFileSync(path.join(PACKAGE_ROOT, file), 'utf8'));
        if (count > 300) long.push(`${file}: ${count} lines`);
      }
    }
    expect(long).toEqual([]);
  });

  it('has one directory walker and one atomic writer (files/disk.js): no other module lists a tree or renames a written file into place', () => {
    for (const folder of ['generator', 'files', 'preview', 'server', 'core']) {
      for (const { file } of importsOf(folder)) {
        if (file === 'files/disk.js') continue;
        const text = readFileSync(path.join(PACKAGE_ROOT, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
        // A function that calls itself on each folder it reads, or a write to a temporary name renamed over the file.
        expect(text, file).not.toMatch(/readdir(Sync)?\([^)]*withFileTypes[\s\S]{0,400}isDirectory\(\)/);
        expect(text, file).not.toMatch(/writeFile(Sync)?\(\s*(temporary|staging|tmp)\b/);
      }
    }
  });

  it('has no import loop in runtime/ (static, type-only and dynamic imports alike): the page registry imports nothing that imports it', () => {
    const modules = importsOf('runtime');
    const graph = new Map(
      modules.map(({ file, imports }) => [file, imports.filter((i) => i.startsWith('runtime/') && !i.endsWith('.css'))]),
    );
    // Every edge resolves to a module of the folder (a misspelt path would hide a loop).
    for (const [file, targets] of graph)
      expect(
        targets.filter((target) => !graph.has(target)),
        file,
      ).toEqual([]);
    expect(loopsOf(graph)).toEqual([]);
    // The entries hand the registry to the app services; the shell and navigation reach it through them.
    expect(
      modules
        .filter(({ imports }) => imports.includes('runtime/pages/registry.ts'))
        .map(({ file }) => file)
        .sort(),
    ).toEqual(['runtime/client.tsx', 'runtime/server.tsx']);
  });

  it('keeps names of regions, pages and products out of the runtime and the compiler: they are content', () => {
    // (faq is also the name of a page kind, so it is not in the list.)
    const names =
      /'(cn|us|uk|eu|fr|de|jp|kr|choose-your-region|mini-robot|flagship-bumblebee|flagshipBumblebee|miniRobot|en-US|zh-CN|en-EU|en-IE)'/;
    for (const folder of ['runtime', 'generator', 'core', 'files', 'server']) {
      for (const { file } of importsOf(folder)) {
        const text = readFileSync(path.join(PACKAGE_ROOT, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
        expect(text.match(names)?.[0], file).toBeUndefined();
      }
    }
    // The scripts the preview server adds to pages too (the preview clock finds a page's region).
    for (const name of readdirSync(path.join(PACKAGE_ROOT, 'server', 'assets')).filter((n) => n.endsWith('.js'))) {
      const text = readFileSync(path.join(PACKAGE_ROOT, 'server', 'assets', name), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      expect(text.match(names)?.[0], `server/assets/${name}`).toBeUndefined();
    }
  });
});

describe("the process's settings", () => {
  it("are the commands' to make: the library sets no allocator variable, V8 flag or NODE_ENV for its callers", () => {
    const code = (file: string) => readFileSync(path.join(PACKAGE_ROOT, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    const setsNodeEnv: string[] = [];
    for (const folder of ['generator', 'core', 'files', 'server', 'preview', 'runtime']) {
      for (const { file } of importsOf(folder)) {
        const text = code(file);
        expect(
          text.match(/setFlagsFromString|--expose-gc|MIMALLOC_\w+|process\.env\.(?!NODE_ENV\b)\w+\s*(\?\?|\|\||&&)?=(?!=)/)?.[0],
          file,
        ).toBeUndefined();
        if (/process\.env\.NODE_ENV\s*(\?\?|\|\||&&)?=(?!=)|delete process\.env\.NODE_ENV/.test(text)) setsNodeEnv.push(file);
      }
    }
    // Only while Vite builds (it reads the mode from NODE_ENV alone), put back as it was after.
    expect(setsNodeEnv).toEqual(['generator/bundle/vite-build.ts']);
    const bundle = code('generator/bundle/vite-build.ts');
    expect(bundle.match(/process\.env\.NODE_ENV\s*(\?\?|\|\||&&)?=(?!=)/g)).toHaveLength(2);
    expect(bundle).toMatch(
      /finally \{\s*if \(nodeEnv === undefined\) delete process\.env\.NODE_ENV;\s*else process\.env\.NODE_ENV = nodeEnv;/,
    );
    // The command's entry makes them, before anything loads.
    const entry = code('bin/build-region.js');
    expect(entry).toContain("process.env.MIMALLOC_ARENA_EAGER_COMMIT ??= '0';");
    expect(entry).toContain("setFlagsFromString('--expose-gc');");
    expect(entry.indexOf('--expose-gc')).toBeLessThan(entry.indexOf("await load('build-region')"));
  });
});

describe('the account calls', () => {
  it('each have a caller in the runtime: no sign-in or account call exists that no screen uses', () => {
    const calls = Object.keys(createAccount({} as never, {} as never));
    const sources = importsOf('runtime')
      .filter(({ file }) => file !== 'runtime/account.ts')
      .map(({ file }) => readFileSync(path.join(PACKAGE_ROOT, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, ''))
      .join('\n');
    expect(calls.length).toBeGreaterThan(10);
    expect(calls.filter((call) => !new RegExp(`\\b${call}\\b`).test(sources))).toEqual([]);
  });
});

describe('schema/types.ts', () => {
  it('is exactly what the schemas generate (run npm run generate after changing a schema)', () => {
    const onDisk = readFileSync(path.join(PACKAGE_ROOT, 'schema', 'types.ts'), 'utf8');
    expect(onDisk, "schema/types.ts is stale: run 'npm run generate'").toBe(renderSchemaTypes(readSchemas()));
  });
});

describe('core/message-keys.ts', () => {
  it('is exactly the keys of the source catalogue the pages carry (run npm run generate after changing content/messages/en-US.yaml)', () => {
    const onDisk = readFileSync(path.join(PACKAGE_ROOT, 'core', 'message-keys.ts'), 'utf8');
    expect(onDisk, "core/message-keys.ts is stale: run 'npm run generate'").toBe(renderMessageKeys());
  });

  it('follows the catalogue: a key added to it becomes a key the runtime may use, mail and consent texts never do', () => {
    const catalogue = readFileSync(SOURCE_CATALOGUE, 'utf8');
    expect(RUNTIME_MESSAGE_KEYS).toEqual(runtimeMessageKeys(catalogue));
    expect(RUNTIME_MESSAGE_KEYS).toContain('nav.home');
    const added = catalogue.replace(/^ {2}nav:\n/m, '  nav:\n    shop: Shop\n');
    expect(runtimeMessageKeys(added)).toContain('nav.shop');
    expect(renderMessageKeys(added)).toContain("  'nav.shop',\n");
    // The catalogue has both groups; the pages never carry them, so the runtime may not look them up.
    expect(catalogue).toMatch(/^ {2}mail:\n/m);
    expect(catalogue).toMatch(/^ {2}consent:\n/m);
    expect(RUNTIME_MESSAGE_KEYS.filter((key) => key.startsWith('mail.') || key.startsWith('consent.'))).toEqual([]);
  });
});
