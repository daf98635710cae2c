import { exportState } from './unit.ts';
import type { ExchangeUnit, UnitState } from './unit.ts';

/**
 * Translations written as XLIFF 2.0 (OASIS Standard, 5 August 2014) or XLIFF 1.2 (OASIS
 * Standard, 1 February 2008), valid against the OASIS schemas (tests validate every export
 * with them): a `<file>` per content file (`original` its path), a unit per text, each text's
 * state in the format's own attribute, its maximum length in the format's own way (2.0: the
 * Size and Length Restriction module; 1.2: `maxwidth` with `size-unit="char"`), where it shows
 * as a note, and each `{placeholder}` as an inline code (2.0 `<ph>` with its original data;
 * 1.2 `<ph>` holding it) that translation tools protect. Read back by xliff-read.ts.
 * docs/translations.md, "Export and import".
 */

export const XLIFF2_NS = 'urn:oasis:names:tc:xliff:document:2.0';
export const XLIFF12_NS = 'urn:oasis:names:tc:xliff:document:1.2';
export const SLR_NS = 'urn:oasis:names:tc:xliff:sizerestriction:2.0';

/** XLIFF 1.2's `state` for each of ours (1.2, 2.5.4 "state"). */
export const STATE_12: Readonly<Record<UnitState, string>> = {
  initial: 'needs-translation',
  translated: 'translated',
  reviewed: 'signed-off',
  final: 'final',
};

/** A character XML 1.0 cannot hold (2.2 "Characters"), or a carriage return the parser would turn into a line feed. */
const UNREPRESENTABLE =
  // eslint-disable-next-line no-control-regex -- the characters XML 1.0 excludes are these control characters
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF\r]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A text XLIFF 1.2 cannot carry: a character XML 1.0 cannot hold (2.0 has `<cp>` for them). */
export class UnrepresentableText extends Error {}

/** Text as element content; characters XML cannot hold become 2.0's `<cp hex>`; 1.2 has no way to carry them, and refuses. */
function escapeText(text: string, version: '2.0' | '1.2'): string {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return escaped.replace(UNREPRESENTABLE, (c) => {
    if (c === '\r') return '&#13;';
    const hex = c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    if (version === '2.0') return `<cp hex="${hex}"/>`;
    throw new UnrepresentableText(`'${text.slice(0, 40)}' holds U+${hex}, which XML 1.0 cannot hold: export it as XLIFF 2.0 or PO`);
  });
}

/** Text as an attribute value: line breaks and tabs kept as references (attribute values are normalised otherwise). */
function escapeAttribute(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/"/g, '&quot;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;')
    .replace(/\t/g, '&#9;')
    .replace(UNREPRESENTABLE, '');
}

/** A text as plain runs and `{name}` placeholders; a plural (ICU) text stays one run: its braces are its syntax. */
export function placeholderRuns(text: string): (string | { placeholder: string })[] {
  if (/\{\s*\w+\s*,\s*plural\s*,/.test(text)) return [text];
  const runs: (string | { placeholder: string })[] = [];
  let last = 0;
  for (const match of text.matchAll(/\{[A-Za-z0-9_]+\}/g)) {
    if (match.index > last) runs.push(text.slice(last, match.index));
    runs.push({ placeholder: match[0] });
    last = match.index + match[0].length;
  }
  if (last < text.length) runs.push(text.slice(last));
  return runs;
}

/** A unit's `id`: its key when that is an NMTOKEN (XML's name characters), otherwise its place. */
function unitIdOf(key: string, index: number): string {
  return /^[\p{L}\p{N}._:-]+$/u.test(key) ? key : `u${index + 1}`;
}

/** The units by content file, in order. */
function byFile(units: readonly ExchangeUnit[]): Map<string, ExchangeUnit[]> {
  const files = new Map<string, ExchangeUnit[]>();
  for (const unit of units) files.set(unit.file, [...(files.get(unit.file) ?? []), unit]);
  return files;
}

/** Where a text shows, as a note's words. */
const locationOf = (unit: ExchangeUnit) =>
  unit.shownOn.length > 0 ? `shown on ${unit.shownOn.join(', ')}` : 'an interface text of the sites';

/**
 * Each placeholder occurrence's inline code id: the source's by order (`p1`, `p2`...); in a
 * target, the n-th occurrence of a placeholder takes the id of the source's n-th (XLIFF 2.0,
 * 4.7.3: a target's codes reuse the ids of the source's codes they correspond to), one the
 * source lacks a new id.
 */
function inlineIds(source: string): (text: string) => (string | { placeholder: string; id: string })[] {
  const ids = new Map<string, string[]>();
  let next = 0;
  for (const run of placeholderRuns(source))
    if (typeof run !== 'string') ids.set(run.placeholder, [...(ids.get(run.placeholder) ?? []), `p${++next}`]);
  const sourceCount = next;
  return (text) => {
    const seen = new Map<string, number>();
    let extra = sourceCount;
    return placeholderRuns(text).map((run) => {
      if (typeof run === 'string') return run;
      const n = seen.get(run.placeholder) ?? 0;
      seen.set(run.placeholder, n + 1);
      return { placeholder: run.placeholder, id: ids.get(run.placeholder)?.[n] ?? `p${++extra}` };
    });
  };
}

function unit20(unit: ExchangeUnit, index: number): string {
  const runsOf = inlineIds(unit.source);
  const data = new Map<string, string>();
  for (const run of runsOf(unit.source))
    if (typeof run !== 'string' && !data.has(run.placeholder)) data.set(run.placeholder, `d${data.size + 1}`);
  const content = (text: string) =>
    runsOf(text)
      .map((run) =>
        typeof run === 'string'
          ? escapeText(run, '2.0')
          : // A placeholder the source lacks has no original data: written as text, refused on import.
            data.has(run.placeholder)
            ? `<ph id="${run.id}" dataRef="${data.get(run.placeholder)}" disp="${escapeAttribute(run.placeholder)}"/>`
            : escapeText(run.placeholder, '2.0'),
      )
      .join('');
  const state = exportState(unit.state);
  const size = unit.maxLength === undefined ? '' : ` slr:sizeRestriction="${unit.maxLength}"`;
  const lines = [
    `    <unit id="${escapeAttribute(unitIdOf(unit.key, index))}" name="${escapeAttribute(unit.key)}"${size}>`,
    '      <notes>',
    `        <note category="location">${escapeText(locationOf(unit), '2.0')}</note>`,
    `        <note category="description">${escapeText(unit.note, '2.0')}</note>`,
    '      </notes>',
  ];
  if (data.size > 0)
    lines.push(
      '      <originalData>',
      ...[...data].map(([text, id]) => `        <data id="${id}">${escapeText(text, '2.0')}</data>`),
      '      </originalData>',
    );
  lines.push(
    `      <segment state="${state}">`,
    `        <source>${content(unit.source)}</source>`,
    ...(unit.target === '' ? [] : [`        <target>${content(unit.target)}</target>`]),
    '      </segment>',
    '    </unit>',
  );
  return lines.join('\n');
}

function unit12(unit: ExchangeUnit): string {
  const runsOf = inlineIds(unit.source);
  const content = (text: string) =>
    runsOf(text)
      .map((run) => (typeof run === 'string' ? escapeText(run, '1.2') : `<ph id="${run.id}">${escapeText(run.placeholder, '1.2')}</ph>`))
      .join('');
  const state = exportState(unit.state);
  // A stale or unrecorded text has a translation to check: 1.2 says so in its own words.
  const state12 = state === 'initial' && unit.target !== '' ? 'needs-review-translation' : STATE_12[state];
  const size = unit.maxLength === undefined ? '' : ` maxwidth="${unit.maxLength}" size-unit="char"`;
  return [
    `      <trans-unit id="${escapeAttribute(unit.key)}" resname="${escapeAttribute(unit.key)}" xml:space="preserve"${size}>`,
    `        <source>${content(unit.source)}</source>`,
    `        <target state="${state12}">${content(unit.target)}</target>`,
    `        <note from="build-region">${escapeText(unit.note, '1.2')}</note>`,
    `        <context-group purpose="location"><context context-type="x-pages">${escapeText(locationOf(unit), '1.2')}</context></context-group>`,
    '      </trans-unit>',
  ].join('\n');
}

/** The units as XLIFF 2.0 or 1.2, from `source` into `target` (BCP 47 tags). */
export function writeXliff(
  units: readonly ExchangeUnit[],
  version: 'xliff' | 'xliff1.2',
  languages: { source: string; target: string },
): string {
  const files = [...byFile(units)];
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>'];
  if (version === 'xliff') {
    lines.push(
      `<xliff xmlns="${XLIFF2_NS}" xmlns:slr="${SLR_NS}" version="2.0" srcLang="${escapeAttribute(languages.source)}" trgLang="${escapeAttribute(languages.target)}">`,
    );
    files.forEach(([file, list], at) => {
      lines.push(`  <file id="f${at + 1}" original="${escapeAttribute(file)}" canResegment="no" xml:space="preserve">`);
      // Lengths are counted in characters (Unicode code points), as the schema's maxLength is.
      if (list.some((u) => u.maxLength !== undefined)) lines.push('    <slr:profiles generalProfile="xliff:codepoints"/>');
      list.forEach((unit, index) => lines.push(unit20(unit, index)));
      lines.push('  </file>');
    });
  } else {
    lines.push(`<xliff xmlns="${XLIFF12_NS}" version="1.2">`);
    for (const [file, list] of files) {
      lines.push(
        `  <file original="${escapeAttribute(file)}" source-language="${escapeAttribute(languages.source)}" target-language="${escapeAttribute(languages.target)}" datatype="x-yaml">`,
        '    <body>',
        ...list.map(unit12),
        '    </body>',
        '  </file>',
      );
    }
  }
  lines.push('</xliff>', '');
  return lines.join('\n');
}
