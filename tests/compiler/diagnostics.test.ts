import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../generator/cli.ts';
import { ERRORS, PACKAGE_ROOT } from '../../generator/index.ts';
import { copyContent, copyFixtureContent, replaceInFile, setYamlValue, yamlValue } from '../support/content.ts';

/**
 * One folder per kind of diagnostic: case.json says how to break a copy of the fixtures' own
 * small content tree (tests/fixtures/content/, so an edit of the real content moves no line of
 * them), expected.txt is exactly what `build-region` prints. UPDATE_FIXTURES=1 rewrites
 * expected.txt (then read the diff before committing it).
 */
interface Edit {
  file: string;
  find: string;
  replace: string;
}
interface Case {
  /** What the case proves, for the test name. */
  title: string;
  args?: string[];
  /**
   * The content's git history, for what the build reads from it (prior prices): the tree as
   * given, then each commit's edits, committed on its date. `shallow`: the build runs in a clone
   * with only the last commit (git clone --depth 1). The case's other edits stay uncommitted.
   */
  git?: { commits: { date: string; edits?: Edit[] }[]; shallow?: boolean };
  edits?: Edit[];
  delete?: string[];
  write?: { file: string; text: string }[];
  exit: number;
}

const casesDir = path.join(PACKAGE_ROOT, 'tests', 'fixtures', 'diagnostics');
const cases = readdirSync(casesDir).sort();

/** Makes `work` a git repository whose commits are the case's, each on its date; returns the folder to build in. */
async function history(work: string, content: string, spec: NonNullable<Case['git']>): Promise<{ work: string; content: string }> {
  const git = (args: string[], cwd: string, date?: string) =>
    execFileSync('git', args, {
      cwd,
      stdio: 'pipe',
      env: {
        ...process.env,
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_AUTHOR_NAME: 'Test',
        GIT_AUTHOR_EMAIL: 'test@example.com',
        GIT_COMMITTER_NAME: 'Test',
        GIT_COMMITTER_EMAIL: 'test@example.com',
        ...(date && { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date }),
      },
    });
  git(['init', '-q', '-b', 'main'], work);
  for (const commit of spec.commits) {
    for (const edit of commit.edits ?? []) await replaceInFile(path.join(content, edit.file), edit.find, edit.replace);
    git(['add', '-A'], work);
    git(['commit', '-q', '-m', `content of ${commit.date}`], work, `${commit.date}T00:00:00Z`);
  }
  if (!spec.shallow) return { work, content };
  const clone = path.join(work, 'clone');
  git(['clone', '-q', '--depth', '1', `file://${work}`, clone], work);
  return { work: clone, content: path.join(clone, 'content') };
}

describe.each(cases)('diagnostic case %s', (name) => {
  const spec = JSON.parse(readFileSync(path.join(casesDir, name, 'case.json'), 'utf8')) as Case;
  it(spec.title, async () => {
    const copy = await copyFixtureContent();
    try {
      const { work, content } = spec.git ? await history(copy.work, copy.content, spec.git) : copy;
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
      await rm(copy.work, { recursive: true, force: true });
    }
  });
});

/** Codes no content can produce, each with where it is tested instead. */
const WITHOUT_FIXTURE: Record<string, string> = {
  E9999:
    'an internal error is a bug of build-region, which no content produces: tests/compiler/internal-error.test.ts makes the compiler throw and checks the report and exit status 70',
};

describe('the diagnostic fixtures', () => {
  it('have a folder for every code of generator/diagnostics/catalogue.ts (its name starts with the code in lower case)', () => {
    const covered = new Set(cases.map((name) => name.split('-')[0]!.toUpperCase()));
    const without = Object.keys(ERRORS).filter((code) => !covered.has(code) && !(code in WITHOUT_FIXTURE));
    expect(without, 'codes without a folder in tests/fixtures/diagnostics/').toEqual([]);
    // An exemption is only for a code that exists and has no fixture.
    for (const code of Object.keys(WITHOUT_FIXTURE)) {
      expect(Object.keys(ERRORS), code).toContain(code);
      expect(covered.has(code), `${code} has a fixture now: remove its exemption`).toBe(false);
    }
    // Every folder names a code that exists.
    expect([...covered].filter((code) => !(code in ERRORS))).toEqual([]);
  });

  it('use a content tree of their own that compiles without a diagnostic', async () => {
    const { work } = await copyFixtureContent();
    try {
      let out = '';
      const status = await main(['--check', '--now', '2026-11-22T12:00:00+08:00'], {
        cwd: work,
        isTTY: false,
        env: {},
        stdout: (t) => (out += t),
        stderr: (t) => (out += t),
      });
      expect(out).toMatch(/no problems/);
      expect(status).toBe(0);
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
      // The scroll target of the first of us's routes that has one, by its keys.
      const region = path.join(content, 'regions/us/region.yaml');
      const routes = (await yamlValue(region, ['routes'])) as { scroll?: string }[];
      const scrolled = routes.findIndex((route) => route.scroll !== undefined);
      expect(scrolled).toBeGreaterThanOrEqual(0);
      await setYamlValue(region, ['routes', scrolled, 'scroll'], huge);
      for (const format of ['text', 'json']) {
        let out = '';
        const status = await main(['--check', ...(format === 'json' ? ['--format', 'json'] : [])], {
          cwd: work,
          isTTY: false,
          env: {},
          stdout: (t) => (out += t),
          stderr: (t) => (out += t),
        });
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
