import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderDiagnosticsDoc, ERRORS, PACKAGE_ROOT } from '../../generator/index.ts';

describe('docs/diagnostics.md', () => {
  it('lists every diagnostic code and is current with the catalogue', async () => {
    const onDisk = await readFile(path.join(PACKAGE_ROOT, 'docs', 'diagnostics.md'), 'utf8');
    expect(onDisk, "docs/diagnostics.md is stale: run 'npm run generate'").toBe(renderDiagnosticsDoc());
    for (const code of Object.keys(ERRORS)) expect(onDisk).toContain(`| ${code} |`);
  });
});

describe('README.md', () => {
  it('says how to serve npm start at another port, and the flags it names reach serve-regions', async () => {
    const readme = await readFile(path.join(PACKAGE_ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('`npm start -- --port 8080`');
    // npm appends what follows `--` to the script: the last command of it must be the server's.
    const { scripts } = JSON.parse(await readFile(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.start!.split('&&').at(-1)!.trim()).toBe('node bin/serve-regions.js');
    const { main } = await import('../../server/cli.ts');
    // serve-regions takes the flag (a usage error would exit 2 before looking for a build).
    const stderr: string[] = [];
    const write = process.stderr.write;
    process.stderr.write = ((text: string) => (stderr.push(String(text)), true)) as typeof process.stderr.write;
    try {
      await expect(main(['--port', '8080', '--dir', path.join(PACKAGE_ROOT, 'no-such-build')])).resolves.toBe(1);
    } finally {
      process.stderr.write = write;
    }
    expect(stderr.join('')).toContain('has no built site');
  });
});

describe('the docs', () => {
  it('name only source files that exist, so a moved module is followed in the text', async () => {
    const { existsSync, readdirSync } = await import('node:fs');
    const texts = [
      'README.md',
      ...readdirSync(path.join(PACKAGE_ROOT, 'docs'))
        .filter((name) => name.endsWith('.md'))
        .map((name) => `docs/${name}`),
    ];
    // A path as the docs write it from the package's root (not the tail of a longer one: studio/server/...).
    const named =
      /(?<![\w./-])(?:generator|preview|core|runtime|server|studio|files|scripts|tests|bin|templates|schema)\/[\w./-]+\.(?:tsx?|js|hbs|json)\b/g;
    const missing: string[] = [];
    let count = 0;
    for (const file of texts)
      for (const [mention] of (await readFile(path.join(PACKAGE_ROOT, file), 'utf8')).matchAll(named)) {
        count += 1;
        if (!existsSync(path.join(PACKAGE_ROOT, mention))) missing.push(`${file}: ${mention}`);
      }
    expect(missing).toEqual([]);
    expect(count).toBeGreaterThan(100);
    // The pattern finds a stale name: generator/ held deployment.ts before the re-house.
    expect('see generator/deployment.ts'.match(named)).toEqual(['generator/deployment.ts']);
  });
});
