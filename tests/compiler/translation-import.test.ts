import { execFile } from 'node:child_process';
import { readFile, readdir, rm, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compileContent, compileOverlay, PACKAGE_ROOT } from '../../generator/index.ts';
import { importTranslations, MAX_IMPORT_BYTES } from '../../generator/translations/exchange/files.ts';
import { selectTranslations, textFingerprint } from '../../generator/translations/index.ts';
import { copyFixtureContent, deleteYamlValue, setYamlValue } from '../support/content.ts';
import { exportLocale, runCliIn } from '../support/cli.ts';
import { killAtMove } from '../support/kill.ts';
import { listTree } from '../../files/disk.js';
import { msgfmtCheck } from '../support/gettext.ts';
import { validateXliff } from '../support/xliff-schemas.ts';

// A translator's round trip you can trust (docs/translations.md, "Export and import"): what a
// translator's tool sends back is read as its standard defines it, checked before anything is
// written, written all or nothing, and recorded as translated only when its state says so.
// The fixture content (tests/fixtures/content: us, fr and cn) is the content here.
let work: string;
let content: string;

const runCli = (args: string[]) => runCliIn(work, args);
const exported = (format: string, ...more: string[]) =>
  exportLocale(work, 'fr-FR', format, `export-${format}-${Math.random().toString(36).slice(2)}.out`, ...more);
const importing = async (name: string, text: string | Uint8Array) => {
  await writeFile(path.join(work, name), text);
  return runCli(['translations', 'import', name, '--content', 'content']);
};
/** Every file of the content folder and beside it, by path: what "nothing was written" compares. */
const snapshot = async () =>
  Object.fromEntries(await Promise.all(listTree(content).map(async (id) => [id, await readFile(path.join(content, id), 'utf8')] as const)));
const besideContent = async () => (await readdir(work)).filter((name) => name.startsWith('.content'));
const stateOf = async (file: string, key: string) =>
  (await compileContent({ content, cwd: work })).translations.find((f) => f.id === file)!.texts.find((t) => t.key === key)!.state;

/** Where the unit of a text is in an XLIFF 2.0 file. */
function unitAt(xliff: string, key: string): { from: number; to: number } {
  const start = xliff.indexOf(`name="${key}"`);
  expect(start, key).toBeGreaterThan(0);
  return { from: xliff.lastIndexOf('<unit ', start), to: xliff.indexOf('</unit>', start) + '</unit>'.length };
}
/** The unit of a text in an XLIFF 2.0 file. */
const unitOf = (xliff: string, key: string) => xliff.slice(unitAt(xliff, key).from, unitAt(xliff, key).to);
/** An XLIFF 2.0 file with the unit of a text edited. */
function editUnit(xliff: string, key: string, edit: (unit: string) => string): string {
  const { from, to } = unitAt(xliff, key);
  return xliff.slice(0, from) + edit(xliff.slice(from, to)) + xliff.slice(to);
}
/** A unit translated anew: its target, and its state set as a translator's tool sets it. */
const translateUnit = (xliff: string, key: string, target: string, state = 'translated') =>
  editUnit(xliff, key, (unit) =>
    unit
      .replace(/<segment state="\w+">/, `<segment state="${state}">`)
      .replace(/(<\/source>)(\s*<target>[\s\S]*?<\/target>)?/, `$1<target>${target}</target>`),
  );

beforeEach(async () => {
  ({ work, content } = await copyFixtureContent());
});
afterEach(async () => {
  await rm(work, { recursive: true, force: true });
});

/** Sets the English messages.nav.home (the source of fr's and zh's) to a text of the test's own. */
const setEnglishHome = (text: string) => setYamlValue(path.join(content, 'messages/en-US.yaml'), ['messages', 'nav', 'home'], text);
/** Makes messages.nav.home stale in fr (and zh): its English source changes. */
const staleHome = () => setEnglishHome('Start page');

describe('states: exported in each format’s own terms, and only a translated text recorded', () => {
  it('writes XLIFF 2.0 segment states, 1.2 target states, PO fuzzy flags and JSON states', async () => {
    await staleHome();
    const x2 = await exported('xliff', '--all');
    expect(unitOf(x2, 'messages.nav.home')).toMatch(/<segment state="initial">\s*<source>Start page<\/source>\s*<target>Accueil<\/target>/);
    expect(unitOf(x2, 'messages.notFound.backHome')).toContain('<segment state="reviewed">');
    // A missing text has no target, and its state is initial: the French page without its lead.
    const page = path.join(content, 'pages/mini-robot/fr.yaml');
    await deleteYamlValue(page, ['lead']);
    const lead = unitOf(await exported('xliff'), 'lead');
    expect(lead).toMatch(/<segment state="initial">\s*<source>[^<]+<\/source>\s*<\/segment>/);
    expect(lead).toContain('<note category="location">shown on /fr/mini-robot</note>');
    const x12 = await exported('xliff1.2', '--all');
    expect(x12).toMatch(
      /resname="messages\.nav\.home"[^>]*>\s*<source>Start page<\/source>\s*<target state="needs-review-translation">Accueil<\/target>/,
    );
    expect(x12).toMatch(/resname="messages\.notFound\.backHome"[^>]*>\s*<source>[^<]*<\/source>\s*<target state="signed-off">/);
    const po = await exported('po', '--all');
    expect(po).toMatch(/#, fuzzy\nmsgctxt "messages\/fr-FR\.yaml#messages\.nav\.home"/);
    expect(po).not.toMatch(/#, fuzzy\nmsgctxt "messages\/fr-FR\.yaml#messages\.notFound\.backHome"/);
    const json = JSON.parse(await exported('json', '--all')) as { texts: Record<string, { state: string }> };
    expect(json.texts['messages/fr-FR.yaml#messages.nav.home']!.state).toBe('initial');
    expect(json.texts['messages/fr-FR.yaml#messages.notFound.backHome']!.state).toBe('reviewed');
  });

  it.each([
    ['xliff', 'fr.xlf'],
    ['xliff1.2', 'fr12.xlf'],
    ['po', 'fr.po'],
    ['json', 'fr.json'],
  ])('keeps a stale text stale when %s comes back untouched, and says it is still to do', async (format, name) => {
    await staleHome();
    const before = await snapshot();
    const result = await importing(name, await exported(format));
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/0 texts translated and recorded as current; 0 unchanged; 1 still to do/);
    expect(await snapshot()).toEqual(before);
    expect(await stateOf('messages/fr-FR.yaml', 'messages.nav.home')).toBe('stale');
  });

  it.each([
    ['xliff', 'fr.xlf', (x: string) => translateUnit(x, 'messages.nav.home', 'Page d’accueil')],
    ['xliff1.2', 'fr12.xlf', (x: string) => x.replace('state="needs-review-translation">Accueil<', 'state="translated">Page d’accueil<')],
    ['po', 'fr.po', (x: string) => x.replace('#, fuzzy\n', '').replace('msgstr "Accueil"', 'msgstr "Page d’accueil"')],
    ['json', 'fr.json', (x: string) => x.replace(/("target": )"Accueil",(\s*"state": )"initial"/, '$1"Page d’accueil",$2"translated"')],
  ])('writes and records a text whose %s state says translated', async (format, name, translate) => {
    await staleHome();
    const file = translate(await exported(format));
    const result = await importing(name, file);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^Imported: 1 text translated and recorded as current; 0 unchanged; 0 still to do/);
    expect(await readFile(path.join(content, 'messages/fr-FR.yaml'), 'utf8')).toContain('    home: Page d’accueil\n');
    expect(await stateOf('messages/fr-FR.yaml', 'messages.nav.home')).toBe('current');
  });

  it('writes a translation of an older source text but keeps it stale: the source changed after the export', async () => {
    await staleHome();
    const file = translateUnit(await exported('xliff'), 'messages.nav.home', 'Page de départ');
    await setEnglishHome('Front page');
    const result = await importing('fr.xlf', file);
    expect(result.stdout).toMatch(/1 text translated from an older source text \(written, still stale\)/);
    expect(await readFile(path.join(content, 'messages/fr-FR.yaml'), 'utf8')).toContain('    home: Page de départ\n');
    const sources = JSON.parse(await readFile(path.join(content, 'messages/fr-FR.sources.json'), 'utf8')) as {
      texts: Record<string, string>;
    };
    expect(sources.texts['messages.nav.home']).toBe(textFingerprint('Start page'));
    expect(await stateOf('messages/fr-FR.yaml', 'messages.nav.home')).toBe('stale');
  });
});

describe('an older source', () => {
  it('writes a translation made before the text was recorded current again, and leaves it stale rather than refusing it', async () => {
    await staleHome();
    const file = translateUnit(await exported('xliff'), 'messages.nav.home', 'Page de départ');
    await setEnglishHome('Front page');
    expect((await runCli(['translations', 'mark', 'fr-FR', '--content', 'content'])).status).toBe(0);
    expect(await stateOf('messages/fr-FR.yaml', 'messages.nav.home')).toBe('current');
    const result = await importing('fr.xlf', file);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/1 text translated from an older source text \(written, still stale\)/);
    expect(await stateOf('messages/fr-FR.yaml', 'messages.nav.home')).toBe('stale');
  });
});

describe('reading files as their standards define them', () => {
  const refused = async (name: string, text: string | Uint8Array) => {
    const before = await snapshot();
    const result = await importing(name, text);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/Nothing was written/);
    expect(await snapshot()).toEqual(before);
    return result.stderr;
  };

  it('refuses XLIFF that is not well-formed at its line: an undefined entity, a document cut off, a DOCTYPE', async () => {
    const xliff = translateUnit(await exported('xliff', '--all'), 'messages.nav.home', 'Page&nbsp;d’accueil');
    const line = xliff.slice(0, xliff.indexOf('&nbsp;')).split('\n').length;
    expect(await refused('fr.xlf', xliff)).toContain(`fr.xlf:${line}: not well-formed XML: undefined entity`);
    const whole = await exported('xliff', '--all');
    expect(await refused('fr.xlf', whole.slice(0, Math.floor(whole.length * 0.6)))).toMatch(
      /^fr\.xlf:\d+: not well-formed XML: unclosed tag/m,
    );
    const declared = whole.replace('<xliff ', '<!DOCTYPE xliff [<!ENTITY e "x">]>\n<xliff ');
    expect(await refused('fr.xlf', declared)).toMatch(/document type declaration/);
  });

  it('reads UTF-16 and a declared ISO-8859-1 XLIFF, a target language in any case, and maps inline placeholders back', async () => {
    await staleHome();
    const text = translateUnit(await exported('xliff'), 'messages.nav.home', 'Accueil général').replace(
      'trgLang="fr-FR"',
      'trgLang="fr-fr"',
    );
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text.replace('encoding="UTF-8"', 'encoding="UTF-16"'), 'utf16le')]);
    expect((await importing('fr.xlf', utf16)).status).toBe(0);
    expect(await readFile(path.join(content, 'messages/fr-FR.yaml'), 'utf8')).toContain('    home: Accueil général\n');
    const latin1 = Buffer.from(
      translateUnit(text, 'messages.nav.home', 'Accueil de départ').replace('encoding="UTF-8"', 'encoding="ISO-8859-1"'),
      'latin1',
    );
    expect((await importing('fr.xlf', latin1)).status).toBe(0);
    expect(await readFile(path.join(content, 'messages/fr-FR.yaml'), 'utf8')).toContain('    home: Accueil de départ\n');

    // A placeholder travels as an inline code, and comes back as the {name} it stands for.
    const all = await exported('xliff', '--all');

    const withEmail = /name="([^"]+)"[^>]*>(?:(?!<\/unit>)[\s\S])*?disp="\{email\}"/.exec(all)!;
    const key = withEmail[1]!;
    const edited = editUnit(all, key, (u) =>
      u
        .replace(/<segment state="\w+">/, '<segment state="translated">')
        .replace(/<target>[\s\S]*?<\/target>/, (t) => t.replace(/<target>(.*?)(<ph [^>]*\/>)/, '<target>Nouveau : $1$2')),
    );
    const result = await importing('fr.xlf', edited);
    expect(result.status, result.stderr).toBe(0);
    const compiled = await compileContent({ content, cwd: work });
    const translated = compiled.translations.flatMap((f) => f.texts).find((t) => t.key === key)!;
    expect(translated.translation).toMatch(/^Nouveau : .*\{email\}/);
  });

  it('reads XLIFF 1.2 as tools write it: a target without a state is done only in an approved unit, <x equiv-text> is its placeholder', async () => {
    await staleHome();
    const x12 = (await exported('xliff1.2')).replace(
      '<target state="needs-review-translation">Accueil</target>',
      '<target>Accueil général</target>',
    );
    // No state: not done, so nothing is written.
    expect((await importing('fr.xlf', x12)).stdout).toMatch(/0 texts translated and recorded as current; 0 unchanged; 1 still to do/);
    expect(await stateOf('messages/fr-FR.yaml', 'messages.nav.home')).toBe('stale');
    // The unit approved: done.
    const approved = x12.replace(/(<trans-unit id="messages\.nav\.home"[^>]*)>/, '$1 approved="yes">');
    expect((await importing('fr.xlf', approved)).stdout).toMatch(/^Imported: 1 text translated and recorded as current/);
    expect(await readFile(path.join(content, 'messages/fr-FR.yaml'), 'utf8')).toContain('    home: Accueil général\n');
    // A placeholder as <x equiv-text>, as 1.2 tools write a standalone code.
    const all = await exported('xliff1.2', '--all');
    const withEmail =
      /<trans-unit id="([^"]+)"[^>]*>\s*<source>[^\n]*<ph id="p1">\{email\}<\/ph>[^\n]*<\/source>\s*<target state="signed-off">([^\n]*)<\/target>/.exec(
        all,
      )!;
    const target = withEmail[2]!.replace('<ph id="p1">{email}</ph>', '<x id="p1" equiv-text="{email}"/>');
    const edited = all.replace(
      withEmail[0],
      withEmail[0].replace(withEmail[2]!, `Revu : ${target}`).replace('state="signed-off"', 'state="translated"'),
    );
    const result = await importing('fr.xlf', edited);
    expect(result.status, result.stderr).toBe(0);
    const compiled = await compileContent({ content, cwd: work });
    expect(compiled.translations.flatMap((f) => f.texts).find((t) => t.key === withEmail[1])!.translation).toMatch(/^Revu : .*\{email\}/);
  });

  it('refuses an inline code that stands for no placeholder, a unit given twice, and a language the content lacks', async () => {
    const all = await exported('xliff', '--all');
    const formatted = translateUnit(all, 'messages.nav.home', 'Page <pc id="b1">d’accueil</pc>');
    expect(await refused('fr.xlf', formatted)).toMatch(
      /the translation of messages\.nav\.home holds the inline code <pc id="b1">: formatting the source does not have/,
    );
    const unit = unitOf(all, 'messages.nav.home');
    const twice = all.replace(unit, `${unit}\n${unit}`);
    expect(await refused('fr.xlf', twice)).toMatch(/the text messages\.nav\.home of messages\/fr-FR\.yaml is in the file twice/);
    expect(await refused('fr.xlf', all.replace('trgLang="fr-FR"', 'trgLang="it-IT"'))).toMatch(/no translated file is in it-IT/);
  });

  it('refuses a JSON target that is not a text and a text given twice, at its line', async () => {
    await staleHome();
    const json = await exported('json');
    const numbered = json.replace('"target": "Accueil"', '"target": 7');
    expect(await refused('fr.json', numbered)).toMatch(
      /^fr\.json:\d+: the target of messages\/fr-FR\.yaml#messages\.nav\.home is a number, not a text/m,
    );
    const entry = /\n {4}"messages\/fr-FR\.yaml#messages\.nav\.home": \{[\s\S]*?\n {4}\}/.exec(json)![0];
    const doubled = json.replace(entry, `${entry},${entry}`);
    const stderr = await refused('fr.json', doubled);
    const line = Number(/^fr\.json:(\d+):/m.exec(stderr)![1]);
    expect(doubled.split('\n')[line - 1]).toContain('"messages/fr-FR.yaml#messages.nav.home"');
    expect(stderr).toMatch(/is in the file twice/);
  });

  it('reads a PO file in the charset its header names, with fr_FR as its language, and refuses one cut off', async () => {
    await staleHome();
    const po = (await exported('po'))
      .replace('#, fuzzy\n', '')
      .replace('msgstr "Accueil"', 'msgstr "Accueil général"')
      .replace(/Language: fr[-_]FR/, 'Language: fr_FR');
    const latin1 = Buffer.from(po.replace('charset=UTF-8', 'charset=ISO-8859-1'), 'latin1');
    const result = await importing('fr.po', latin1);
    expect(result.status, result.stderr).toBe(0);
    expect(await readFile(path.join(content, 'messages/fr-FR.yaml'), 'utf8')).toContain('    home: Accueil général\n');
    expect(await refused('fr.po', po.slice(0, po.lastIndexOf('"') - 3))).toMatch(/^fr\.po:\d+: /m);
  });
});

describe('checked before anything is written', () => {
  const refusedWith = async (key: string, target: string) => {
    const before = await snapshot();
    const file = translateUnit(await exported('xliff', '--all'), key, target);
    const result = await importing('fr.xlf', file);
    expect(result.status).toBe(1);
    expect(await snapshot()).toEqual(before);
    const unitLine = file.slice(0, file.indexOf(`name="${key}"`)).split('\n').length;
    expect(result.stderr).toContain(`fr.xlf:${unitLine}: the translation of ${key}`);
    return result.stderr;
  };

  it('refuses a text --check would refuse: a plural without the forms of the locale, a title over its length', async () => {
    expect(
      await refusedWith('messages.errors.code4291', 'Trop de tentatives. Réessayez dans {seconds, plural, other {# secondes}}.'),
    ).toMatch(/would give error E0242 at content\/messages\/fr-FR\.yaml:\d+:\d+: the plural of errors\.code4291 has no one form/);
    expect(await refusedWith('title', 'Robot '.repeat(900))).toMatch(/would give error E0106 .*at most 70 are allowed/);
  });

  it.each([
    ['a NUL', '\u0000', /has the control character U\+0000 at character 8/],
    ['a lone surrogate', '\ud800', /has a lone surrogate \(U\+D800\) at character 8/],
    ['a right-to-left override', '\u202e', /has the bidirectional control U\+202E at character 8/],
  ])('refuses a text holding %s (JSON can carry any of them)', async (_what, character, reason) => {
    await staleHome();
    const before = await snapshot();
    const json = (await exported('json')).replace(
      /("target": )"Accueil",(\s*"state": )"initial"/,
      `$1"Accueil${JSON.stringify(character).slice(1, -1)}",$2"translated"`,
    );
    const result = await importing('fr.json', json);
    expect(result.status).toBe(1);
    expect(await snapshot()).toEqual(before);
    const line = json.split('\n').findIndex((l) => l.includes('"messages/fr-FR.yaml#messages.nav.home"')) + 1;
    expect(result.stderr).toMatch(new RegExp(`^fr\\.json:${line}: the translation of messages\\.nav\\.home ${reason.source}`, 'm'));
  });
});

describe('all or nothing', () => {
  /** Every text of fr retranslated, as a file for import: several content files change. */
  const retranslated = async () => {
    const all = await exported('json', '--all');
    const data = JSON.parse(all) as { texts: Record<string, { target: string; state: string }> };
    for (const text of Object.values(data.texts)) {
      // Within every length limit (a title's is 70 characters).
      if (text.target.length <= 60) text.target = text.target.replace(/\.$/, ' !').replace(/^([^{]*)$/, '$1 (v2)');
      text.state = 'translated';
    }
    return JSON.stringify(data, null, 2);
  };

  it('refuses a file over the size limit before reading it', async () => {
    await writeFile(path.join(work, 'huge.po'), '');
    await truncate(path.join(work, 'huge.po'), MAX_IMPORT_BYTES + 1);
    const result = await runCli(['translations', 'import', 'huge.po', '--content', 'content']);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^huge\.po:1: the file is 20\.0 MB; import reads files up to 20 MB/m);
  });

  it('leaves the content as it was, with a message, when writing fails, and removes what it staged', async () => {
    const file = path.join(work, 'fr.json');
    await writeFile(file, await retranslated());
    const before = await snapshot();
    const compiled = await compileContent({ content, cwd: work });
    for (const failAt of [0, 3]) {
      const result = await importTranslations({
        contentDir: content,
        path: file,
        name: 'fr.json',
        compiled,
        files: (locale) => selectTranslations(compiled, [locale]).files,
        recompile: (overlay) => compileOverlay({ content, cwd: work }, overlay),
        commit: {
          onMove: (made) => {
            if (made === failAt) throw Object.assign(new Error('ENOSPC: no space left on device, rename'), { code: 'ENOSPC' });
          },
        },
      });
      expect(result).toEqual({
        ok: false,
        problems: [
          expect.stringMatching(
            /^fr\.json:1: the content could not be written \(ENOSPC: no space left on device, rename\); it is as it was$/,
          ),
        ],
      });
      expect(await snapshot()).toEqual(before);
      expect(await besideContent()).toEqual([]);
    }
  });

  it('finds all or nothing after the import is killed at any point of its writes', async () => {
    const file = path.join(work, 'fr.json');
    await writeFile(file, await retranslated());
    const before = await snapshot();
    // The import's own result, for comparison: done once in a copy.
    const whole = await importing('fr.json', await readFile(file, 'utf8'));
    expect(whole.status, whole.stderr).toBe(0);
    const after = await snapshot();
    const renames = (/(\d+) files? written/.exec(whole.stdout)?.[1] ?? '0') as string;
    const points = Number(renames) * 2 + 1;
    expect(points).toBeGreaterThan(5);
    for (let made = 0; made <= points; made += Math.max(1, Math.floor(points / 6))) {
      // Back to the content before the import, then an import killed after `made` renames.
      for (const [id, text] of Object.entries(before)) await writeFile(path.join(content, id), text);
      for (const id of Object.keys(after)) if (!(id in before)) await rm(path.join(content, id));
      await killImportAt(made, file);
      // The next command that reads the content completes the import first.
      const check = await runCli(['--check', '--content', 'content', '--quiet', '--no-cache']);
      expect(check.status, `killed after ${made}: ${check.stderr}`).toBe(0);
      const now = await snapshot();
      expect(
        [before, after].some((whole) => JSON.stringify(whole) === JSON.stringify(now)),
        `killed after ${made} renames`,
      ).toBe(true);
      expect(await besideContent()).toEqual([]);
    }
  });

  async function killImportAt(made: number, file: string): Promise<void> {
    const lib = (name: string) => JSON.stringify(path.join(PACKAGE_ROOT, 'generator', name));
    await killAtMove(
      path.join(work, 'import.mts'),
      [
        `import { compileContent, compileOverlay } from ${lib('compile.ts')};`,
        `import { importTranslations } from ${lib('translations/exchange/files.ts')};`,
        `import { selectTranslations } from ${lib('translations/index.ts')};`,
        `const content = ${JSON.stringify(content)};`,
        `const compiled = await compileContent({ content, cwd: ${JSON.stringify(work)} });`,
        'await importTranslations({',
        `  contentDir: content, path: ${JSON.stringify(file)}, name: 'fr.json', compiled,`,
        '  files: (locale) => selectTranslations(compiled, [locale]).files,',
        `  recompile: (overlay) => compileOverlay({ content, cwd: ${JSON.stringify(work)} }, overlay),`,
        '  commit: { onMove: KILL_POINT },',
        '});',
      ],
      made,
    );
  }
});

describe('exports valid against the standards, judged by other tools', () => {
  it('writes XLIFF 2.0 (with the size restriction module) and 1.2 that the OASIS schemas accept', async () => {
    await staleHome();
    for (const format of ['xliff', 'xliff1.2'] as const)
      for (const more of [[], ['--all']]) {
        const xml = await exported(format, ...more);
        expect(await validateXliff(xml, format === 'xliff' ? '2.0' : '1.2'), `${format} ${more.join(' ')}`).toEqual([]);
      }
    // The same judge refuses what the old export wrote: a path as a file id.
    const bad = (await exported('xliff')).replace(/<file id="f1" original="([^"]+)"/, '<file id="$1"');
    expect((await validateXliff(bad, '2.0')).length).toBeGreaterThan(0);
  });

  it('writes PO that gettext’s msgfmt -c accepts, and takes back a file gettext’s own tools translated', async () => {
    await staleHome();
    const po = await exported('po', '--all');
    expect(await msgfmtCheck(po)).toEqual({ ok: true, output: '' });
    // A translator with gettext's tools: every translation filtered, the fuzzy flags cleared.
    await writeFile(path.join(work, 'in.po'), po);
    const run = promisify(execFile);
    await run('msgfilter', ['-i', 'in.po', '-o', 'filtered.po', 'sed', '-e', 's/^Accueil$/Accueil (gettext)/'], { cwd: work });
    await run('msgattrib', ['--clear-fuzzy', '-o', 'fr.po', 'filtered.po'], { cwd: work });
    const result = await runCli(['translations', 'import', 'fr.po', '--content', 'content']);
    expect(result.status, result.stderr).toBe(0);
    expect(await readFile(path.join(content, 'messages/fr-FR.yaml'), 'utf8')).toContain('    home: Accueil (gettext)\n');
    expect(await stateOf('messages/fr-FR.yaml', 'messages.nav.home')).toBe('current');
  });
});
