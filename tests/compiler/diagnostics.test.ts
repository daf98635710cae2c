import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../generator/cli.ts';
import { PACKAGE_ROOT } from '../../generator/paths.ts';
import { copyContent, replaceInFile } from '../support/content.ts';

/**
 * One folder per kind of diagnostic: case.json says how to break a copy of the real content,
 * expected.txt is exactly what `build-region` prints. UPDATE_FIXTURES=1 rewrites expected.txt
 * (then read the diff before committing it).
 */
interface Case {
  /** What the case proves, for the test name. */
  title: string;
  args?: string[];
  edits?: { file: string; find: string; replace: string }[];
  delete?: string[];
  write?: { file: string; text: string }[];
  exit: number;
}

const casesDir = path.join(PACKAGE_ROOT, 'tests', 'fixtures', 'diagnostics');
const cases = readdirSync(casesDir).sort();

describe.each(cases)('diagnostic case %s', (name) => {
  const spec = JSON.parse(readFileSync(path.join(casesDir, name, 'case.json'), 'utf8')) as Case;
  it(spec.title, async () => {
    const { work, content } = await copyContent();
    try {
      for (const edit of spec.edits ?? []) await replaceInFile(path.join(content, edit.file), edit.find, edit.replace);
      for (const file of spec.delete ?? []) await rm(path.join(content, file));
      for (const file of spec.write ?? []) {
        await mkdir(path.dirname(path.join(content, file.file)), { recursive: true });
        await writeFile(path.join(content, file.file), file.text);
      }
      let stderr = '';
      let stdout = '';
      const status = await main(spec.args ?? ['--check', '--now', '2026-11-22T12:00:00+08:00'], {
        cwd: work,
        isTTY: false,
        env: {},
        stdout: (t) => (stdout += t),
        stderr: (t) => (stderr += t),
      });
      const printed = `${stderr}${stdout}`;
      const expectedFile = path.join(casesDir, name, 'expected.txt');
      if (process.env.UPDATE_FIXTURES) await writeFile(expectedFile, printed);
      expect(printed).toBe(await readFile(expectedFile, 'utf8'));
      expect(status).toBe(spec.exit);
      // The code of the case's folder is the one reported.
      const code = name.split('-')[0]!.toUpperCase();
      expect(printed).toMatch(new RegExp(`(error|warning) ${code}:`));
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });
});

describe('a diagnostic about a huge value', () => {
  it('shows the start of the value and its length, never the whole of it, in text and JSON', async () => {
    const { work, content } = await copyContent();
    try {
      const huge = 'a'.repeat(4_718_592);
      await replaceInFile(path.join(content, 'regions/us/region.yaml'), 'scroll: banner }', `scroll: ${huge} }`);
      for (const format of ['text', 'json']) {
        let out = '';
        const status = await main(['--check', ...(format === 'json' ? ['--format', 'json'] : [])], { cwd: work, isTTY: false, env: {}, stdout: (t) => (out += t), stderr: (t) => (out += t) });
        expect(status, format).toBe(1);
        expect(out, format).toContain('E0104');
        // The quote closes after the value's start, then comes its whole length.
        expect(out, format).toMatch(/the text \\?"a{60}…\\?" \(4,718,\d{3} characters\)/);
        expect(out.length, format).toBeLessThan(20_000);
      }
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });
});
