import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultSitesDir, listFiles, PACKAGE_ROOT } from '../../generator/index.ts';
import { main } from '../../generator/cli.ts';
import { copyContent, replaceInFile, setYamlValue, yamlValue } from '../support/content.ts';

let work: string;
let content: string;
let out: string;

async function snapshot(dir: string): Promise<Record<string, string>> {
  const files = await listFiles(dir);
  return Object.fromEntries(await Promise.all(files.map(async (f) => [f, await readFile(path.join(dir, f), 'utf8')] as const)));
}

/** The line (from 1) and column (from 1) of the first match of `pattern` in a file. */
async function positionOf(file: string, pattern: RegExp): Promise<{ line: number; column: number; text: string }> {
  const lines = (await readFile(file, 'utf8')).split('\n');
  const line = lines.findIndex((text) => pattern.test(text));
  if (line < 0) throw new Error(`${String(pattern)} is not in ${file}`);
  return { line: line + 1, column: pattern.exec(lines[line]!)!.index + 1, text: lines[line]! };
}

/**
 * A payment method misspelt at the end of us's list (`klarn`, for the schema's `klarna`):
 * where it is written, and the index the schema's error names.
 */
async function misspeltPaymentMethod(): Promise<{ line: number; column: number; text: string; index: number }> {
  const file = path.join(content, 'regions/us/region.yaml');
  const methods = (await setYamlValue(file, ['paymentMethods'], (listed: unknown) => [...(listed as string[]), 'klarn'])) as string[];
  return { ...(await positionOf(file, /\bklarn\b/)), index: methods.length };
}

async function runCli(args: string[]) {
  let stdout = '';
  let stderr = '';
  const status = await main(args, { cwd: work, isTTY: false, env: {}, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { status, stdout, stderr };
}

beforeEach(async () => {
  ({ work, content } = await copyContent());
  out = path.join(work, 'dist');
  // A previous deployment that a failed build must leave exactly as it was.
  await mkdir(path.join(out, 'us'), { recursive: true });
  await writeFile(path.join(out, 'index.html'), '<p>previous cn build</p>');
  await writeFile(path.join(out, 'us', 'index.html'), '<p>previous us build</p>');
});

afterEach(async () => {
  // The generated modules of a build of this copy went to its own folder (no --sites).
  await rm(defaultSitesDir(content), { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
});

describe('build-region on broken content', () => {
  it('reports a YAML syntax error at its line and column, exits 1 and leaves dist/ untouched', async () => {
    const region = path.join(content, 'regions/us/region.yaml');
    const currency = (await yamlValue(region, ['currency'])) as string;
    const { line: at } = await positionOf(region, new RegExp(`^currency: ${currency}\\b`));
    await replaceInFile(region, `currency: ${currency}`, `currency: [${currency}`);
    const before = await snapshot(out);
    const result = await runCli(['--all']);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^content\/regions\/us\/region\.yaml:\d+:\d+ - error E0001: /m);
    const [, line] = /^content\/regions\/us\/region\.yaml:(\d+):\d+/m.exec(result.stderr)!;
    // The unclosed flow sequence is reported where the parser gives up: the next key, on the next line.
    expect(Number(line)).toBe(at + 1);
    expect(result.stderr).not.toContain('E0207');
    expect(result.stderr).toContain('>');
    expect(await snapshot(out)).toEqual(before);
  });

  it('reports a schema violation at the offending value with a suggestion, and writes nothing', async () => {
    const { line, column, text, index } = await misspeltPaymentMethod();
    const before = await snapshot(out);
    const result = await runCli(['us']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `content/regions/us/region.yaml:${line}:${column} - error E0104: the text "klarn" is not allowed for 'paymentMethods.${index}'; did you mean 'klarna'?`,
    );
    expect(result.stderr).toContain(`> ${line} | ${text}`);
    // The carets under the value: past the gutter (as wide as the line number), at its column.
    expect(result.stderr).toContain(`${' '.repeat(String(line).length + 3)}|${' '.repeat(column)}^^^^^`);
    expect(result.stderr).toMatch(/Found 1 error and 0 warnings\./);
    expect(await snapshot(out)).toEqual(before);
  });

  it('points a misspelt key at the key itself, once', async () => {
    // The page's own heading key (at the start of a line), renamed.
    await replaceInFile(path.join(content, 'pages/home/de.yaml'), '\nheading:', '\nheadline:');
    const result = await runCli(['--check']);
    expect(result.status).toBe(1);
    // One typo, one error: the missing required key is not reported a second time.
    expect(result.stderr).toMatch(
      /^content\/pages\/home\/de\.yaml:\d+:1 - error E0102: unknown property 'headline'; did you mean 'heading'\? \('heading' is required\)$/m,
    );
    expect(result.stderr).toContain('Found 1 error and 0 warnings.');
  });

  it('reports every problem of every file in one run, sorted by file', async () => {
    const fr = path.join(content, 'regions/fr/region.yaml');
    const de = path.join(content, 'regions/de/region.yaml');
    await setYamlValue(fr, ['backend'], 'europe');
    await setYamlValue(de, ['locale'], 'de-AT');
    const result = await runCli(['--check', '--format', 'json']);
    expect(result.status).toBe(1);
    const report = JSON.parse(result.stdout) as { ok: boolean; diagnostics: { file: string; line: number; code: string }[] };
    expect(report.ok).toBe(false);
    expect(report.diagnostics.map((d) => [d.file, d.line, d.code])).toEqual([
      ['content/regions/de/region.yaml', (await positionOf(de, /^locale: de-AT$/)).line, 'E0204'],
      ['content/regions/fr/region.yaml', (await positionOf(fr, /^backend: europe$/)).line, 'E0225'],
    ]);
  });
});

describe('build-region in CI', () => {
  it('also prints GitHub Actions annotations under GITHUB_ACTIONS=true', async () => {
    const { line, column, index } = await misspeltPaymentMethod();
    let stdout = '';
    const status = await main(['--check'], {
      cwd: work,
      isTTY: false,
      env: { GITHUB_ACTIONS: 'true' },
      stdout: (t) => (stdout += t),
      stderr: () => {},
    });
    expect(status).toBe(1);
    expect(stdout.split('\n')).toContain(
      `::error file=content/regions/us/region.yaml,line=${line},col=${column},title=E0104::the text "klarn" is not allowed for 'paymentMethods.${index}'; did you mean 'klarna'?`,
    );
  });
});

describe('build-region usage', () => {
  it('answers an unknown region with a suggestion and exit status 2', async () => {
    const result = await runCli(['usa']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("unknown region 'usa'; did you mean 'us'?");
  });

  it('answers an unknown flag with exit status 2', async () => {
    const result = await runCli(['--everything']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("unknown option '--everything'");
  });

  it('refuses a --now that is no real date, as the content instants are refused, before writing anything', async () => {
    const before = await snapshot(out);
    for (const args of [
      ['us', '--now', '2026-02-30T00:00:00Z'],
      ['schedule', '--now', '2026-04-31T12:00:00+08:00'],
    ]) {
      const result = await runCli(args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr).toContain(`--now '${args[2]}' is not a real date and time`);
    }
    const noOffset = await runCli(['report', '--now', '2026-11-22T12:00:00']);
    expect(noOffset.status).toBe(2);
    expect(noOffset.stderr).toContain(
      "is not an instant with an offset, like 2025-10-25T15:00:00+08:00\nRun 'build-region report --help' for usage.",
    );
    expect(await snapshot(out)).toEqual(before);
  });

  it('asks for regions when none are named', async () => {
    const result = await runCli([]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('name the regions to build, or pass --all');
  });

  it('--check on valid content prints one line of what it checked; --quiet nothing; JSON only JSON', async () => {
    const result = await runCli(['--check']);
    expect(result).toEqual({
      status: 0,
      stdout: '',
      stderr: expect.stringMatching(/^Checked 8 regions, \d+ pages and \d+ files in \d+\.\d s: no problems\.\n$/),
    });
    // Answered from the cache, the same line.
    expect((await runCli(['--check'])).stderr).toMatch(/^Checked 8 regions, \d+ pages and \d+ files in /);
    expect(await runCli(['--check', '--quiet'])).toEqual({ status: 0, stdout: '', stderr: '' });
    const json = await runCli(['--check', '--format', 'json']);
    expect({ status: json.status, stderr: json.stderr, report: JSON.parse(json.stdout) as unknown }).toEqual({
      status: 0,
      stderr: '',
      report: { ok: true, diagnostics: [] },
    });
  });
});

describe('build-region on valid content', () => {
  it('ends with a table of pages, files and gzip sizes per region; --quiet keeps only the rebuild line', async () => {
    const result = await runCli(['kr', 'jp', '--now', '2026-11-22T12:00:00+08:00']);
    expect(result.status).toBe(0);
    const lines = result.stderr.split('\n');
    const header = lines.findIndex((line) => line.startsWith('  region pages  files  JS (gzip)  CSS (gzip)'));
    expect(header).toBeGreaterThan(0);
    expect(lines[header - 1]).toMatch(/^Built 2 regions in \d+\.\d s:$/);
    for (const [index, code] of ['jp', 'kr'].entries()) {
      const [, region, pages, files, js, css] =
        /^ {2}(\w+) +(\d+) +(\d+) +([\d.]+) kB +([\d.]+) kB$/.exec(lines[header + 1 + index]!) ?? [];
      expect(region).toBe(code);
      const built = (await listFiles(path.join(out, code))).filter((f) => f.endsWith('index.html'));
      expect(Number(pages)).toBeGreaterThanOrEqual(built.length);
      expect(Number(files)).toBeGreaterThan(0);
      expect(Number(js)).toBeGreaterThan(10);
      expect(Number(css)).toBeGreaterThan(1);
    }
    // Progress before it: each region's steps with the time since the build started.
    for (const code of ['jp', 'kr']) {
      const steps = lines.map((line) => new RegExp(`^ {2}${code} +([a-z]+) +\\d+\\.\\d s$`).exec(line)?.[1]).filter(Boolean);
      expect(steps).toEqual(['bundle', 'prerender', 'done']);
    }
    expect(result.stdout).toMatch(/^(Pages go stale at|No scheduled content change)/);
    const quiet = await runCli(['kr', '--quiet']);
    expect(quiet.stderr).toBe('');
    expect(quiet.stdout.split('\n').filter(Boolean)).toHaveLength(1);
  });

  it("builds another content folder without touching the package's sites/; --sites over other files exits 2 and changes nothing", async () => {
    await setYamlValue(path.join(content, 'regions/kr/region.yaml'), ['links', 'shop'], 'https://shop.example.com/kr-elsewhere');
    const result = await runCli(['kr', '--quiet']);
    expect(result.status).toBe(0);
    expect(await readFile(path.join(defaultSitesDir(content), 'kr', 'region.ts'), 'utf8')).toContain(
      'https://shop.example.com/kr-elsewhere',
    );
    expect(await readFile(path.join(PACKAGE_ROOT, 'sites', 'kr', 'region.ts'), 'utf8').catch(() => '')).not.toContain('kr-elsewhere');
    // A folder of someone's own files: the build says which file is in the way and writes nothing.
    const mine = path.join(work, 'mine');
    await mkdir(path.join(mine, 'kr'), { recursive: true });
    await writeFile(path.join(mine, 'kr', 'main.ts'), 'export const mine = 1;\n');
    const before = await snapshot(out);
    const refused = await runCli(['kr', '--sites', 'mine']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain(
      `build-region: ${path.join(mine, 'kr', 'main.ts')} was not written by build-region: the build neither overwrites nor removes it`,
    );
    expect(refused.stderr).not.toContain('E9999');
    expect(await snapshot(mine)).toEqual({ 'kr/main.ts': 'export const mine = 1;\n' });
    expect(await snapshot(out)).toEqual(before);
  });
});
