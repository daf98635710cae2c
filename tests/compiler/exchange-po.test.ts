import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { readPo, writePo } from '../../generator/translations/exchange/po.ts';
import { ExchangeReadError, unitId } from '../../generator/translations/exchange/unit.ts';
import type { ExchangeUnit, ReturnedText } from '../../generator/translations/exchange/unit.ts';
import { msgfmtCheck, readWithPofile } from '../support/gettext.ts';

// The PO export and import (docs/translations.md, "Export and import"; generator/translations/exchange/po.ts).
// What the export writes is judged by GNU gettext's msgfmt and read back by pofile, an
// independent PO library; what the import reads is the file as the gettext manual defines it,
// and a file it cannot read faithfully is refused at its line, never half read.

const iconv = createRequire(import.meta.url)('iconv-lite') as typeof import('iconv-lite');

const LANGUAGES = { source: 'en-US', target: 'fr-FR' };

function unit(fields: Pick<ExchangeUnit, 'key' | 'source' | 'target' | 'state'> & Partial<ExchangeUnit>): ExchangeUnit {
  return { file: 'messages/fr-FR.yaml', note: `${fields.state}; interface text`, shownOn: [], line: 12, ...fields };
}

/** A text of each state, and the characters a PO file has to escape or carry. */
const UNITS: readonly ExchangeUnit[] = [
  unit({ key: 'messages.nav.home', source: 'Home', target: 'Accueil', state: 'current', line: 3 }),
  unit({
    key: 'messages.account.linkSent',
    source: 'We sent a link to {email}.',
    target: 'Nous avons envoyé un lien à {email}.',
    state: 'stale',
    line: 7,
  }),
  unit({
    file: 'pages/faq/fr.yaml',
    key: 'sections.2.text',
    source: 'Say "hi" to C:\\robots\\ now.\nThen press\tstart.',
    target: '',
    state: 'missing',
    note: 'missing; on /fr/faq',
    shownOn: ['/fr/faq'],
    maxLength: 160,
    line: 9,
  }),
  unit({ key: 'messages.robot.ready', source: 'Robot 🤖 ready: 机器人', target: 'Robot 🤖 prêt : 机器人', state: 'unrecorded', line: 21 }),
  unit({ key: 'messages.intro', source: '\nMeet the robots.\n', target: '\nVoici les robots.\n', state: 'current', line: 30 }),
  // A current translation that lost its source's final line break: msgfmt -c refuses such an entry unless it is fuzzy.
  unit({ key: 'messages.footer', source: 'Made by Axlebot.\n', target: 'Fait par Axlebot.', state: 'current', line: 31 }),
];

/** The state each of UNITS comes back with, read as exported. */
const READ_STATES: Record<string, ReturnedText['state']> = {
  'messages.nav.home': 'translated',
  'messages.account.linkSent': 'initial',
  'sections.2.text': 'initial',
  'messages.robot.ready': 'initial',
  'messages.intro': 'translated',
  'messages.footer': 'initial',
};

const FUZZY = new Set(['messages.account.linkSent', 'messages.robot.ready', 'messages.footer']);

/** The 1-based line of each msgctxt in a PO file, by the text's id. */
function contextLines(po: string): Map<string, number> {
  const found = new Map<string, number>();
  po.split('\n').forEach((line, at) => {
    if (line.startsWith('msgctxt ')) found.set(JSON.parse(line.slice('msgctxt '.length)) as string, at + 1);
  });
  return found;
}

/** The refusal readPo throws for the file. */
function refusal(file: string | Uint8Array): { line: number; message: string } {
  try {
    readPo(typeof file === 'string' ? Buffer.from(file) : file);
  } catch (error) {
    if (error instanceof ExchangeReadError) return { line: error.line, message: error.message };
    throw error;
  }
  throw new Error('readPo read the file');
}

/** A file of lines, each ended by a line break. */
const lines = (...all: string[]) => all.map((line) => `${line}\n`).join('');

/** The header as a translator's tool keeps it (lines 1-5, the fifth blank); `charset` its Content-Type's. */
const header = (charset = 'UTF-8') => [
  'msgid ""',
  'msgstr ""',
  '"Language: fr_FR\\n"',
  `"Content-Type: text/plain; charset=${charset}\\n"`,
  '',
];
const HOME = ['msgctxt "messages/fr-FR.yaml#messages.nav.home"', 'msgid "Home"', 'msgstr "Accueil"'];

describe('writePo', () => {
  const po = writePo(UNITS, LANGUAGES);

  it('writes a file msgfmt -c accepts without a word', async () => {
    expect(await msgfmtCheck(po)).toEqual({ ok: true, output: '' });
  });

  it('flags a translation that disagrees with its source on a final line break, which msgfmt -c refuses unflagged', async () => {
    const unflagged = po.replace(/#, fuzzy\n(msgctxt "messages\/fr-FR\.yaml#messages\.footer")/, '$1');
    expect(unflagged).not.toBe(po);
    const judged = await msgfmtCheck(unflagged);
    expect(judged.ok).toBe(false);
    expect(judged.output).toContain("'msgid' and 'msgstr' entries do not both end with '\\n'");
  });

  it('is read by pofile as the same texts, with the translations to check flagged fuzzy', () => {
    const read = readWithPofile(po);
    expect(read.headers.Language).toBe('fr_FR');
    expect(read.entries).toEqual(
      UNITS.map((u) => ({ msgctxt: unitId(u), msgid: u.source, msgstr: u.target, flags: FUZZY.has(u.key) ? ['fuzzy'] : [] })),
    );
  });

  it("writes gettext's header: POSIX Language, UTF-8, the source language, no date", () => {
    const head = po.slice(0, po.indexOf('\n\n'));
    expect(head.split('\n')).toEqual([
      'msgid ""',
      'msgstr ""',
      '"Project-Id-Version: robot-region-sites\\n"',
      '"Report-Msgid-Bugs-To: \\n"',
      '"POT-Creation-Date: \\n"',
      '"PO-Revision-Date: \\n"',
      '"Last-Translator: \\n"',
      '"Language-Team: \\n"',
      '"Language: fr_FR\\n"',
      '"MIME-Version: 1.0\\n"',
      '"Content-Type: text/plain; charset=UTF-8\\n"',
      '"Content-Transfer-Encoding: 8bit\\n"',
      '"X-Source-Language: en_US\\n"',
    ]);
    expect(writePo(UNITS, LANGUAGES)).toBe(po);
  });

  it('writes the note, the maximum length and where the text is as comments', () => {
    const entry = po.slice(po.indexOf('#: content/pages/faq/fr.yaml:9'), po.indexOf('msgctxt "pages/faq/fr.yaml#sections.2.text"'));
    expect(entry).toBe('#: content/pages/faq/fr.yaml:9\n#. missing; on /fr/faq\n#. max length: 160 characters\n');
  });
});

describe('readPo', () => {
  it('reads back what writePo wrote: texts, states, and the line of each msgctxt', () => {
    const po = writePo(UNITS, LANGUAGES);
    const read = readPo(Buffer.from(po));
    expect(read.targetLanguage).toBe('fr_FR');
    expect(read.texts).toEqual(
      UNITS.map((u) => ({
        file: u.file,
        key: u.key,
        source: u.source,
        target: u.target,
        state: READ_STATES[u.key],
        line: contextLines(po).get(unitId(u)),
      })),
    );
    for (const text of read.texts) expect(po.split('\n')[text.line - 1]).toBe(`msgctxt "${text.file}#${text.key}"`);
  });

  it('reads a large file (read a slice at a time) exactly, every line right', () => {
    const many = Array.from({ length: 3000 }, (_, i) =>
      unit({
        file: `pages/p${i % 7}/fr.yaml`,
        key: `sections.${i}.text`,
        source: `Robot ${i} says "hi"\n${'é'.repeat(i % 50)}!`,
        target: i % 3 === 0 ? '' : `Robot ${i} dit « salut »\n${'機'.repeat(i % 40)} !`,
        state: i % 3 === 0 ? 'missing' : i % 3 === 1 ? 'stale' : 'current',
        line: i + 1,
      }),
    );
    const po = writePo(many, LANGUAGES);
    const at = contextLines(po);
    const read = readPo(Buffer.from(po));
    expect(read.texts).toEqual(
      many.map((u) => ({
        file: u.file,
        key: u.key,
        source: u.source,
        target: u.target,
        state: u.state === 'current' ? 'translated' : 'initial',
        line: at.get(unitId(u)),
      })),
    );
  });

  it('reads a translator’s changes: fuzzy cleared is translated, fuzzy kept or an empty msgstr is not', () => {
    const po = lines(
      ...header(),
      '#, fuzzy',
      'msgctxt "messages/fr-FR.yaml#a"',
      'msgid "A"',
      'msgstr "Un"',
      '',
      'msgctxt "messages/fr-FR.yaml#b"',
      'msgid "B"',
      'msgstr "Deux"',
      '',
      '#, c-format, fuzzy',
      'msgctxt "messages/fr-FR.yaml#c"',
      'msgid "C"',
      'msgstr ""',
      '"Tr"',
      '"ois"',
      '',
      'msgctxt "messages/fr-FR.yaml#d"',
      'msgid "D"',
      'msgstr ""',
    );
    expect(readPo(Buffer.from(po)).texts.map((t) => [t.key, t.target, t.state, t.line])).toEqual([
      ['a', 'Un', 'initial', 7],
      ['b', 'Deux', 'translated', 11],
      ['c', 'Trois', 'initial', 16],
      ['d', '', 'initial', 22],
    ]);
  });

  it('ignores obsolete (#~) entries: they are no translations', () => {
    const po = lines(...header(), '#~ msgctxt "messages/fr-FR.yaml#old"', '#~ msgid "Old"', '#~ msgstr "Ancien"', '', ...HOME);
    expect(readPo(Buffer.from(po)).texts).toEqual([
      { file: 'messages/fr-FR.yaml', key: 'messages.nav.home', source: 'Home', target: 'Accueil', state: 'translated', line: 10 },
    ]);
  });

  it('reads a file with Windows line ends as the same texts', () => {
    const po = lines(...header(), ...HOME).replace(/\n/g, '\r\n');
    expect(readPo(Buffer.from(po)).texts).toEqual([
      { file: 'messages/fr-FR.yaml', key: 'messages.nav.home', source: 'Home', target: 'Accueil', state: 'translated', line: 6 },
    ]);
  });

  it('takes the target language from the Language header as written', () => {
    expect(readPo(Buffer.from(lines(...header(), ...HOME))).targetLanguage).toBe('fr_FR');
    expect(readPo(Buffer.from(lines(...header().map((l) => l.replace('fr_FR', 'fr-FR')), ...HOME))).targetLanguage).toBe('fr-FR');
    expect(readPo(Buffer.from(lines(...HOME))).targetLanguage).toBeUndefined();
  });

  describe('in the charset the header names', () => {
    const body = (target: string, charset: string) => lines(...header(charset), ...HOME.slice(0, 2), `msgstr "${target}"`);

    it('ISO-8859-1', () => {
      const bytes = iconv.encode(body('Déjà vu', 'ISO-8859-1'), 'latin1');
      expect(bytes.includes(0xe9)).toBe(true);
      expect(readPo(bytes).texts[0]?.target).toBe('Déjà vu');
    });

    it('windows-1252, with its curly quotes', () => {
      const bytes = iconv.encode(body('“Bonjour”, l’équipe', 'windows-1252'), 'windows-1252');
      expect([...bytes].filter((b) => b >= 0x91 && b <= 0x94)).toEqual([0x93, 0x94, 0x92]);
      expect(readPo(bytes).texts[0]?.target).toBe('“Bonjour”, l’équipe');
    });

    it('Shift_JIS, whose second bytes may be a backslash', () => {
      const bytes = iconv.encode(body('ソフトウェア', 'Shift_JIS'), 'Shift_JIS');
      expect(bytes.includes(0x5c)).toBe(true);
      expect(readPo(bytes).texts[0]?.target).toBe('ソフトウェア');
    });

    it('UTF-8 without a charset, and after a byte order mark', () => {
      const text = lines(...HOME.slice(0, 2), 'msgstr "Accueil é 🤖"');
      expect(readPo(Buffer.from(text)).texts[0]?.target).toBe('Accueil é 🤖');
      const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(body('Accueil é 🤖', 'UTF-8'))]);
      expect(readPo(withBom).texts).toEqual([
        { file: 'messages/fr-FR.yaml', key: 'messages.nav.home', source: 'Home', target: 'Accueil é 🤖', state: 'translated', line: 6 },
      ]);
    });

    it('UTF-16 after its byte order mark, little- or big-endian', () => {
      const text = body('Accueil é 机器人 🤖', 'UTF-8');
      const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
      const be = Buffer.from(le);
      be.swap16();
      for (const bytes of [le, be])
        expect(readPo(bytes).texts).toEqual([
          {
            file: 'messages/fr-FR.yaml',
            key: 'messages.nav.home',
            source: 'Home',
            target: 'Accueil é 机器人 🤖',
            state: 'translated',
            line: 6,
          },
        ]);
    });
  });

  describe('refuses, at its line', () => {
    it('a file cut off inside a string', () => {
      expect(refusal(lines(...header(), ...HOME.slice(0, 2)) + 'msgstr "Accu')).toEqual({
        line: 8,
        message: 'the file ends inside a string: the file looks cut off',
      });
      expect(refusal(lines(...header(), ...HOME.slice(0, 2), 'msgstr "Accu'))).toMatchObject({
        line: 8,
        message: expect.stringContaining('a string is not closed on its line'),
      });
    });

    it('a file cut off after a keyword', () => {
      const expected = { line: 8, message: 'msgstr has no string after it: the file looks cut off' };
      expect(refusal(lines(...header(), ...HOME.slice(0, 2), 'msgstr'))).toEqual(expected);
      expect(refusal(lines(...header(), ...HOME.slice(0, 2)) + 'msgstr ')).toEqual(expected);
    });

    it('an entry with no msgstr, or a msgctxt with nothing after it', () => {
      expect(refusal(lines(...header(), ...HOME.slice(0, 2)))).toEqual({
        line: 7,
        message: 'the msgid has no msgstr after it: the file looks cut off',
      });
      expect(refusal(lines(...header(), ...HOME.slice(0, 2), '', 'msgctxt "messages/fr-FR.yaml#b"', 'msgid "B"', 'msgstr "Bé"'))).toEqual({
        line: 7,
        message: 'the msgid has no msgstr after it',
      });
      expect(refusal(lines(...header(), HOME[0]!))).toEqual({
        line: 6,
        message: 'the msgctxt has no msgid and msgstr after it: the file looks cut off',
      });
    });

    it('a last line without its line break', () => {
      expect(refusal(lines(...header(), ...HOME).slice(0, -1))).toEqual({ line: 8, message: 'the file ends mid-line: it looks cut off' });
    });

    it('the same msgctxt twice', () => {
      expect(refusal(lines(...header(), ...HOME, '', ...HOME))).toEqual({
        line: 10,
        message: 'msgctxt "messages/fr-FR.yaml#messages.nav.home" is here a second time (first at line 6): each text is one entry',
      });
    });

    it('an entry with no msgctxt, or one that names no text', () => {
      expect(refusal(lines(...header(), ...HOME.slice(1)))).toMatchObject({
        line: 6,
        message: expect.stringContaining('this entry has no msgctxt'),
      });
      expect(refusal(lines(...header(), 'msgctxt "home"', ...HOME.slice(1)))).toMatchObject({
        line: 6,
        message: expect.stringContaining('msgctxt "home" is no text\'s id'),
      });
    });

    it('a plural entry, which the export never writes', () => {
      expect(
        refusal(lines(...header(), HOME[0]!, 'msgid "robot"', 'msgid_plural "robots"', 'msgstr[0] "robot"', 'msgstr[1] "robots"')),
      ).toMatchObject({ line: 8, message: expect.stringContaining("msgid_plural: this file's texts have no plural forms") });
    });

    it('what gettext-parser would misread: single quotes, escapes it does not know', () => {
      expect(refusal(lines(...header(), "msgctxt 'messages/fr-FR.yaml#messages.nav.home'", ...HOME.slice(1)))).toMatchObject({
        line: 6,
        message: expect.stringContaining('unexpected "\'"'),
      });
      expect(refusal(lines(...header(), ...HOME.slice(0, 2), 'msgstr "Robot \\x41"'))).toMatchObject({
        line: 8,
        message: expect.stringContaining('the escape \\x cannot be read faithfully'),
      });
    });

    it('an unknown charset, naming it', () => {
      expect(refusal(lines(...header('X-ROBOT'), ...HOME))).toEqual({
        line: 4,
        message: "the file declares the charset 'X-ROBOT', which is unknown: save it as UTF-8",
      });
    });

    it('bytes that are not valid in the charset', () => {
      const utf8 = Buffer.from(lines(...header(), ...HOME.slice(0, 2), 'msgstr "Accueil \u0001"').replace('\u0001', '\u00ff'), 'latin1');
      expect(refusal(utf8)).toMatchObject({ line: 8, message: expect.stringContaining('is not valid UTF-8') });
      const cp1252 = Buffer.from(lines(...header('windows-1252'), ...HOME.slice(0, 2), 'msgstr "Accueil \u0081"'), 'latin1');
      expect(refusal(cp1252)).toMatchObject({ line: 8, message: expect.stringContaining("no character in its charset 'windows-1252'") });
    });

    it('a byte order mark the header contradicts', () => {
      const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(lines(...header('ISO-8859-1'), ...HOME))]);
      expect(refusal(bytes)).toEqual({
        line: 4,
        message: 'the file starts with a UTF-8 byte order mark but its header declares charset=ISO-8859-1',
      });
    });
  });
});
