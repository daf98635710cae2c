import { readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../generator/cli.ts';
import { compileContent, visibleChanges, formatChanges, renderReport } from '../../generator/index.ts';
import { wordCount } from '../../generator/translations/status.ts';
import { sourcesFileId, textFingerprint } from '../../generator/translations/index.ts';
import { exportLocale } from '../support/cli.ts';
import { copyContent, setYamlValue, yamlValue } from '../support/content.ts';
import { countText } from '../../core/plurals.ts';
import { fill } from '../../core/validation.ts';
import { createMessages } from '../../server/backends/messages.ts';

// Translation freshness (docs/translations.md): each translated text knows the source text it
// was made from; a changed source makes its translations stale.
let work: string;
let content: string;

async function runCli(args: string[]) {
  let stdout = '';
  let stderr = '';
  const status = await main(args, { cwd: work, isTTY: false, env: {}, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { status, stdout, stderr };
}

const check = () => compileContent({ content, cwd: work });

/** Changes the English heading of the mini robot's page (the source of five translations). */
async function changeEnglishHeading(to: string): Promise<void> {
  await setYamlValue(path.join(content, 'pages/mini-robot/en.yaml'), ['heading'], to);
}
/** messages.nav.home in a catalogue, by its keys. */
const HOME = ['messages', 'nav', 'home'];
const catalogue = (locale: string) => path.join(content, `messages/${locale}.yaml`);
/** Changes the English messages.nav.home (the source of its translations); returns its new text. */
async function changeEnglishHome(): Promise<string> {
  const home = `${(await setYamlValue(catalogue('en-US'), HOME, (text: unknown) => `${text as string} (new)`)) as string} (new)`;
  expect(await yamlValue(catalogue('en-US'), HOME)).toBe(home);
  return home;
}
const warningsOf = async (code: string) => (await check()).diagnostics.filter((d) => d.code === code);

beforeEach(async () => {
  ({ work, content } = await copyContent());
});
afterEach(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('translation freshness', () => {
  it('finds every translation of the real content current: nothing stale, nothing unrecorded', async () => {
    const compiled = await check();
    expect(compiled.diagnostics.filter((d) => d.code === 'W0401' || d.code === 'E0240')).toEqual([]);
    expect(compiled.translations.length).toBeGreaterThan(40);
    const states = new Set(compiled.translations.flatMap((file) => file.texts.map((text) => text.state)));
    expect(states.has('stale')).toBe(false);
    expect(states.has('unrecorded')).toBe(false);
  });

  it('warns at every translation of a changed source text, naming its new text, and the build still succeeds', async () => {
    const french = (await yamlValue(catalogue('fr-FR'), HOME)) as string;
    const home = await changeEnglishHome();
    const compiled = await check();
    expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const stale = compiled.diagnostics.filter((d) => d.code === 'W0401');
    // Every catalogue that writes its own nav.home (en-GB and en-EU inherit it: nothing to translate).
    expect(stale.map((d) => d.file.replace(/^.*content\//, '')).sort()).toEqual([
      'messages/de-DE.yaml',
      'messages/fr-FR.yaml',
      'messages/ja-JP.yaml',
      'messages/ko-KR.yaml',
      'messages/zh-CN.yaml',
    ]);
    const warning = stale.find((d) => d.file.endsWith('fr-FR.yaml'))!;
    expect(warning.message).toBe(`the translation of messages.nav.home is stale: messages/en-US.yaml now reads '${home}'`);
    // At the French text itself.
    const line = (await readFile(catalogue('fr-FR'), 'utf8')).split('\n')[warning.line - 1]!;
    expect(line.slice(warning.column - 1).replace(/^(["'])(.*)\1$/, '$2')).toBe(french);
  });

  it('marks a page translation stale when its source page changes, and current again once recorded', async () => {
    await changeEnglishHeading('Small robot, big change');
    const stale = await warningsOf('W0401');
    expect(stale.map((d) => d.file.replace(/^.*content\//, '')).sort()).toEqual([
      'pages/mini-robot/de.yaml',
      'pages/mini-robot/fr.yaml',
      'pages/mini-robot/ja.yaml',
      'pages/mini-robot/ko.yaml',
      'pages/mini-robot/zh.yaml',
    ]);
    expect(stale.every((d) => d.message.startsWith('the translation of heading is stale'))).toBe(true);

    const status = await runCli(['translations', '--content', 'content', '--format', 'json']);
    expect(status.status).toBe(0);
    const report = JSON.parse(status.stdout) as {
      regions: { code: string; counts: { stale: number; words: number } }[];
      files: { id: string; texts: { key: string; state: string }[] }[];
    };
    const fr = report.regions.find((r) => r.code === 'fr')!;
    expect(fr.counts.stale).toBe(1);
    expect(fr.counts.words).toBe(wordCount('Small robot, big change'));
    expect(report.files.find((f) => f.id === 'pages/mini-robot/fr.yaml')!.texts).toEqual([
      { key: 'heading', state: 'stale', source: 'Small robot, big change' },
    ]);

    // The translator updated the French heading; recording it makes it current, for French only.
    const marked = await runCli(['translations', 'mark', 'pages/mini-robot/fr.yaml', '--content', 'content']);
    expect(marked).toMatchObject({ status: 0, stdout: 'Recorded 1 translated file as current.\n' });
    const sources = JSON.parse(await readFile(path.join(content, 'pages/mini-robot/fr.sources.json'), 'utf8')) as {
      source: string;
      texts: Record<string, string>;
    };
    expect(sources.source).toBe('pages/mini-robot/en.yaml');
    expect(sources.texts.heading).toBe(textFingerprint('Small robot, big change'));
    expect(Object.keys(sources.texts)).toEqual([...Object.keys(sources.texts)].sort());
    const left = await warningsOf('W0401');
    expect(left.map((d) => d.file.replace(/^.*content\//, '')).sort()).toEqual([
      'pages/mini-robot/de.yaml',
      'pages/mini-robot/ja.yaml',
      'pages/mini-robot/ko.yaml',
      'pages/mini-robot/zh.yaml',
    ]);
  });

  it('records a whole locale: its catalogue and the page files of its regions', async () => {
    await changeEnglishHome();
    await changeEnglishHeading('Small robot, big change');
    const marked = await runCli(['translations', 'mark', 'de-DE', '--content', 'content']);
    expect(marked.status).toBe(0);
    const stale = await warningsOf('W0401');
    expect(stale.some((d) => /de-DE\.yaml$|mini-robot\/de\.yaml$/.test(d.file))).toBe(false);
    expect(stale.some((d) => d.file.endsWith('fr-FR.yaml'))).toBe(true);
  });

  it('lists in build-region diff the texts a change left to translate, region by region, and in the report', async () => {
    const before = await check();
    const home = await changeEnglishHome();
    const after = await check();
    const changes = visibleChanges(before, after, Date.now()).filter((c) => c.section === 'translations');
    expect(changes.filter((c) => c.region === 'fr')).toEqual([
      {
        region: 'fr',
        section: 'translations',
        change: `stale: messages.nav.home in messages/fr-FR.yaml (messages/en-US.yaml now reads '${home}')`,
        pages: [],
      },
    ]);
    // us speaks the source; uk and eu inherit the text: nothing to translate there.
    expect([...new Set(changes.map((c) => c.region))].sort()).toEqual(['cn', 'de', 'fr', 'jp', 'kr']);
    expect(formatChanges(changes, 'HEAD', 'text')).toContain('  translations:\n    stale: messages.nav.home in messages/fr-FR.yaml');
    const report = renderReport(after, Date.now());
    expect(report).toMatch(/<tr><th scope="row">fr<\/th><td>fr-FR<\/td><td>\d+<\/td><td class="closed">1<\/td>/);
  });

  it('refuses a translation of a file that does not exist, at its translates', async () => {
    await setYamlValue(catalogue('fr-FR'), ['translates'], 'en-UK');
    const errors = (await check()).diagnostics.filter((d) => d.code === 'E0240');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toBe("this file translates 'en-UK', but there is no messages/en-UK.yaml");
    expect(errors[0]!.file).toMatch(/messages\/fr-FR\.yaml$/);
  });

  it('says which target of mark it does not know, and writes nothing', async () => {
    const recorded = await readFile(path.join(content, 'messages/fr-FR.sources.json'), 'utf8');
    await changeEnglishHome();
    const result = await runCli(['translations', 'mark', 'fr-FR', 'xx-XX', '--content', 'content']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("no translated file or locale 'xx-XX'");
    expect(await readFile(path.join(content, 'messages/fr-FR.sources.json'), 'utf8')).toBe(recorded);
  });

  it('counts words as vendors do: a CJK character is a word', () => {
    expect(wordCount('Small robot, big change')).toBe(4);
    expect(wordCount('小机器人')).toBe(4);
  });
});

describe('translations out to translators and back', () => {
  const exportFile = (format: string, out: string, ...more: string[]) => exportLocale(work, 'fr-FR', format, out, ...more);
  const frenchFiles = async () => {
    const compiled = await check();
    return Object.fromEntries(
      await Promise.all(
        compiled.translations
          .filter((f) => f.id === 'messages/fr-FR.yaml' || /\/fr\.yaml$/.test(f.id))
          .flatMap((f) => [f.id, sourcesFileId(f.id)])
          .map(async (id) => [id, await readFile(path.join(content, id), 'utf8')] as const),
      ),
    );
  };

  it.each([
    ['xliff', 'fr.xlf'],
    ['xliff1.2', 'fr-12.xlf'],
    ['po', 'fr.po'],
    ['json', 'fr.json'],
  ])('round-trips %s: exported, translated, imported, exported again: the same file, every text in the YAML', async (format, name) => {
    const untouched = await frenchFiles();
    const home = (await yamlValue(catalogue('fr-FR'), HOME)) as string;
    // Imported as exported, nothing changes: not a byte of the YAML, comments, quoting and order kept.
    const exported = await exportFile(format, name, '--all');
    expect((await runCli(['translations', 'import', name, '--content', 'content'])).status).toBe(0);
    expect(await frenchFiles()).toEqual(untouched);
    // A translator's edit of every text short enough to take it (the placeholders kept; a title
    // made longer than its limit would be refused, as --check refuses it).
    const v2 = (text: string) => (text.length <= 60 ? `${text} (v2)` : text);
    const edited =
      format === 'json'
        ? JSON.stringify(
            Object.fromEntries(
              Object.entries(JSON.parse(exported)).map(([k, v]) => [
                k,
                k === 'texts'
                  ? Object.fromEntries(
                      Object.entries(v as Record<string, { target: string }>).map(([id, unit]) => [
                        id,
                        { ...unit, target: v2(unit.target) },
                      ]),
                    )
                  : v,
              ]),
            ),
            null,
            2,
          )
        : format === 'po'
          ? exported.replace(/^msgstr "(.+)"$/gm, (_, text: string) => `msgstr "${v2(text)}"`)
          : exported.replace(/(<target[^>]*>)([^<]*)<\/target>/g, (_, open: string, text: string) => `${open}${v2(text)}</target>`);
    await writeFile(path.join(work, name), edited);
    const imported = await runCli(['translations', 'import', name, '--content', 'content']);
    expect(imported.status, imported.stderr).toBe(0);
    expect(await exportFile(format, `again-${name}`, '--all')).toBe(format === 'json' ? `${edited}\n` : edited);
    // In the YAML, and current: nothing stale.
    expect(v2(home)).not.toBe(home);
    expect(await yamlValue(catalogue('fr-FR'), HOME)).toBe(v2(home));
    expect(await warningsOf('W0401')).toEqual([]);
  });

  it('writes files other libraries of the formats read: XLIFF 2.0 and 1.2 (xliff), PO (gettext-parser)', async () => {
    const french = (await yamlValue(catalogue('fr-FR'), HOME)) as string;
    const home = await changeEnglishHome();
    const require = createRequire(import.meta.url);
    type Read = { targetLanguage: string; resources: Record<string, Record<string, { source: string; target: string; note: string }>> };
    const xliff = require('xliff') as {
      xliff2js(x: string, cb: (e: Error | null, r: Read) => void): void;
      xliff12ToJs(x: string, cb: (e: Error | null, r: Read) => void): void;
    };
    const read = (call: (cb: (e: Error | null, r: Read) => void) => void) =>
      new Promise<Read>((resolve, reject) => call((e, r) => (e ? reject(e) : resolve(r))));
    // The xliff package names a 2.0 file by its id (f1: the content file is its `original`), a 1.2 file by its original.
    for (const [format, name, file, parse] of [
      ['xliff', 'fr.xlf', 'f1', (text: string) => read((cb) => xliff.xliff2js(text, cb))],
      ['xliff1.2', 'fr12.xlf', 'messages/fr-FR.yaml', (text: string) => read((cb) => xliff.xliff12ToJs(text, cb))],
    ] as const) {
      const exported = await exportFile(format, name);
      if (format === 'xliff') expect(exported).toContain('<file id="f1" original="messages/fr-FR.yaml"');
      const parsed = await parse(exported);
      expect(parsed.targetLanguage, format).toBe('fr-FR');
      expect(parsed.resources[file]!['messages.nav.home'], format).toMatchObject({ source: home, target: french });
      expect(JSON.stringify(parsed.resources[file]!['messages.nav.home']!.note), format).toMatch(/stale/);
    }
    const gettext = require('gettext-parser') as {
      po: {
        parse(text: string): {
          headers: Record<string, string>;
          translations: Record<string, Record<string, { msgstr: string[]; comments?: { flag?: string } }>>;
        };
      };
    };
    const po = gettext.po.parse(await exportFile('po', 'fr.po'));
    // gettext's Language header is POSIX's ll_CC.
    expect(po.headers.Language).toBe('fr_FR');
    expect(po.translations['messages/fr-FR.yaml#messages.nav.home']![home]).toMatchObject({
      msgstr: [french],
      comments: { flag: 'fuzzy' },
    });
  });

  it('refuses, writing nothing, a file not well-formed, for another locale, naming unknown texts or changing placeholders', async () => {
    const exported = await exportFile('xliff', 'fr.xlf', '--all');
    const before = await frenchFiles();
    const attempt = async (text: string) => {
      await writeFile(path.join(work, 'fr.xlf'), text);
      const result = await runCli(['translations', 'import', 'fr.xlf', '--content', 'content']);
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/Nothing was written/);
      expect(await frenchFiles()).toEqual(before);
      return result.stderr;
    };
    // Every text translated anew, but one problem: the whole file is refused.
    const retranslated = exported.replace(/<target>([^<]*)<\/target>/g, '<target>$1 (v2)</target>');
    expect(await attempt(retranslated.slice(0, retranslated.length / 2))).toMatch(/^fr\.xlf:\d+: not well-formed XML/);
    expect(await attempt(retranslated.replace('trgLang="fr-FR"', 'trgLang="de-DE"'))).toMatch(
      /^fr\.xlf:\d+: messages\/fr-FR\.yaml is not a translated file of de-DE/m,
    );
    expect(await attempt(retranslated.replace('name="messages.nav.home"', 'name="messages.nav.hom"'))).toMatch(
      /^fr\.xlf:\d+: messages\/fr-FR\.yaml has no text messages\.nav\.hom to translate/m,
    );
    // A placeholder typed over as text: {email} becomes {mail}.
    const lead = /<target>[^\n]*?(<ph [^>]*disp="\{email\}"\/>)[^\n]*<\/target>/.exec(retranslated)!;
    const misplaced = retranslated.replace(lead[0], lead[0].replace(lead[1]!, '{mail}'));
    const stderr = await attempt(misplaced);
    expect(stderr).toMatch(/^fr\.xlf:(\d+): the translation of \S+ has the placeholders \{mail\}, its source \{email\}/m);
    // At the unit's line.
    const line = Number(/^fr\.xlf:(\d+): the translation/m.exec(stderr)![1]);
    expect(
      misplaced
        .split('\n')
        .slice(line - 1, line + 12)
        .join('\n'),
    ).toContain('{mail}');
  });
});

describe('plurals', () => {
  it('expands a plural into one plain text per form at build time, and the page picks by the locale’s rules', async () => {
    // Plurals of the test's own, at the keys of the content's (errors.code4291 and countdown.days).
    const CODE4291 = ['messages', 'errors', 'code4291'];
    await setYamlValue(catalogue('en-US'), CODE4291, 'Wait {seconds, plural, one {# second} other {# seconds}}, then retry.');
    await setYamlValue(catalogue('en-US'), ['messages', 'countdown', 'days'], '{count, plural, one {sun} other {suns}}');
    await setYamlValue(catalogue('fr-FR'), CODE4291, 'Attendez {seconds, plural, one {# seconde} other {# secondes}}.');
    await setYamlValue(catalogue('de-DE'), CODE4291, 'Warten Sie {seconds, plural, one {# Sekunde} other {# Sekunden}}.');
    const compiled = await check();
    const messages = (code: string) => compiled.model.regions.find((r) => r.data.code === code)!.data.messages;
    const us = messages('us');
    expect(us['errors.code4291']).toBe('Wait {seconds} seconds, then retry.');
    expect(us['errors.code4291#one']).toBe('Wait {seconds} second, then retry.');
    const t = (key: string) => us[key] ?? '';
    expect(fill(countText(t, 'errors.code4291', 'en-US', 1), { seconds: 1 })).toBe('Wait 1 second, then retry.');
    expect(fill(countText(t, 'errors.code4291', 'en-US', 30), { seconds: 30 })).toBe('Wait 30 seconds, then retry.');
    expect(countText(t, 'countdown.days', 'en-US', 1)).toBe('sun');
    expect(countText(t, 'countdown.days', 'en-US', 0)).toBe('suns');
    // French: 0 and 1 are one; Japanese has one form, written plain.
    const fr = messages('fr');
    expect(
      fill(
        countText((key) => fr[key] ?? '', 'errors.code4291', 'fr-FR', 0),
        { seconds: 0 },
      ),
    ).toBe('Attendez 0 seconde.');
    const jp = messages('jp');
    expect(Object.keys(jp).filter((key) => key.startsWith('errors.code4291'))).toEqual(['errors.code4291']);
    // The back ends answer in the same forms.
    const answers = createMessages(() => compiled.model.backends);
    expect(answers.text('en-US', 4291, { seconds: 1 })).toBe('Wait 1 second, then retry.');
    expect(answers.text('de-DE', 4291, { seconds: 5 })).toBe('Warten Sie 5 Sekunden.');
    // No plural syntax reaches a page.
    for (const region of compiled.model.regions)
      expect(
        Object.values(region.data.messages).filter((text) => /\{\w+,\s*plural/.test(text)),
        region.data.code,
      ).toEqual([]);
  });

  it("checks each plural against its locale's forms: a missing one is an error, one the locale never uses a warning", async () => {
    // French without the one form; Japanese with one it never uses.
    await setYamlValue(catalogue('fr-FR'), ['messages', 'errors', 'code4291'], 'Attendez {seconds, plural, other {# secondes}}.');
    await setYamlValue(catalogue('ja-JP'), ['messages', 'errors', 'code4291'], '{seconds, plural, one {# 秒} other {# 秒}}後に再試行。');
    const diagnostics = (await check()).diagnostics;
    const missing = diagnostics.find((d) => d.code === 'E0242')!;
    expect(missing.message).toBe('the plural of errors.code4291 has no one form: fr-FR counts need one, other');
    expect(missing.file).toMatch(/messages\/fr-FR\.yaml$/);
    const unused = diagnostics.find((d) => d.code === 'W0402')!;
    expect(unused.message).toBe(
      'the plural of errors.code4291 has a one form that ja-JP never uses (its forms: other): that text never shows',
    );
  });

  it('says what is wrong with a plural that is not well-formed, where it is written', async () => {
    const en = catalogue('en-US');
    // The plural's closing brace left out.
    await setYamlValue(en, ['messages', 'errors', 'code4291'], 'Wait {seconds, plural, one {# second} other {# seconds}, then retry.');
    const errors = (await check()).diagnostics.filter((d) => d.code === 'E0241');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toBe('the plural of errors.code4291 is not well-formed: the plural is not closed with }');
    const line = (await readFile(en, 'utf8')).split('\n')[errors[0]!.line - 1]!;
    expect(line).toContain('code4291:');
  });
});
