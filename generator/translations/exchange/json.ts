import { byteOrderMark, decodeCharset, decodeUtf8 } from './decode.ts';
import { ExchangeReadError, UNIT_STATES, exportState, splitId, unitId } from './unit.ts';
import type { ExchangeUnit, ReadResult, ReturnedText, UnitState } from './unit.ts';

/**
 * Translations as JSON (RFC 8259): `{ sourceLanguage, targetLanguage, texts: { "<file>#<key>":
 * { source, target, state, note, shownOn, maxLength } } }`, `state` in XLIFF 2.0's words
 * (initial, translated, reviewed, final). Read strictly: UTF-8 (a byte order mark skipped,
 * UTF-16 with one decoded), a text given twice or a target that is not a string refused at its
 * line.
 */

export function writeJson(units: readonly ExchangeUnit[], languages: { source: string; target: string }): string {
  const texts = Object.fromEntries(
    units.map((u) => [
      unitId(u),
      {
        source: u.source,
        target: u.target,
        state: exportState(u.state),
        note: u.note,
        shownOn: u.shownOn,
        ...(u.maxLength !== undefined && { maxLength: u.maxLength }),
      },
    ]),
  );
  return `${JSON.stringify({ sourceLanguage: languages.source, targetLanguage: languages.target, texts }, null, 2)}\n`;
}

/** The line of each key of the object under the root's `texts`, and the first key given twice (JSON.parse keeps the last silently). */
function keyLines(text: string): { lines: Map<string, number>; twice?: { key: string; line: number; first: number } } {
  const lines = new Map<string, number>();
  // Containers from the root: for an object, the key whose value is being read.
  const stack: { object: boolean; key?: string }[] = [];
  let line = 1;
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n') line++;
    else if (c === '{' || c === '[') {
      stack.push({ object: c === '{' });
      expectKey = c === '{';
    } else if (c === '}' || c === ']') stack.pop();
    else if (c === ',') expectKey = stack.at(-1)?.object === true;
    else if (c === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      if (expectKey) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        const top = stack.at(-1)!;
        top.key = key;
        if (stack.length === 2 && stack[0]!.key === 'texts') {
          const first = lines.get(key);
          if (first !== undefined) return { lines, twice: { key, line, first } };
          lines.set(key, line);
        }
        expectKey = false;
      }
      i = end;
    }
  }
  return { lines };
}

/** Reads a translator's JSON file. */
export function readJson(bytes: Uint8Array): ReadResult {
  const bom = byteOrderMark(bytes);
  const text =
    bom === 'utf-16le' || bom === 'utf-16be'
      ? decodeCharset(bytes.subarray(2), bom, 'the file')
      : decodeUtf8(bom === 'utf-8' ? bytes.subarray(3) : bytes, 'the file');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const at = Number(/position (\d+)/.exec(reason)?.[1] ?? 0);
    throw new ExchangeReadError(text.slice(0, at).split('\n').length, `not well-formed JSON: ${reason}`);
  }
  const root = data as { targetLanguage?: unknown; texts?: unknown };
  if (
    !root ||
    typeof root !== 'object' ||
    Array.isArray(root) ||
    !root.texts ||
    typeof root.texts !== 'object' ||
    Array.isArray(root.texts)
  )
    throw new ExchangeReadError(1, 'expected an object with "texts", an object of texts by "<file>#<key>"');
  const { lines, twice } = keyLines(text);
  if (twice) throw new ExchangeReadError(twice.line, `the text ${twice.key} is in the file twice (lines ${twice.first} and ${twice.line})`);
  const texts: ReturnedText[] = [];
  for (const [id, unit] of Object.entries(root.texts as Record<string, unknown>)) {
    const line = lines.get(id) ?? 1;
    if (!unit || typeof unit !== 'object' || Array.isArray(unit)) throw new ExchangeReadError(line, `the text ${id} is not an object`);
    const { source, target, state } = unit as { source?: unknown; target?: unknown; state?: unknown };
    if (source !== undefined && typeof source !== 'string') throw new ExchangeReadError(line, `the source of ${id} is not a text`);
    if (target !== undefined && typeof target !== 'string')
      throw new ExchangeReadError(line, `the target of ${id} is ${target === null ? 'null' : `a ${typeof target}`}, not a text`);
    if (state !== undefined && !(UNIT_STATES as readonly unknown[]).includes(state))
      throw new ExchangeReadError(line, `the state of ${id} is ${JSON.stringify(state)}: the states are ${UNIT_STATES.join(', ')}`);
    texts.push({
      ...splitId(id),
      ...(source !== undefined && { source }),
      target: target ?? '',
      state: (state as UnitState | undefined) ?? 'initial',
      line,
    });
  }
  return { ...(typeof root.targetLanguage === 'string' && { targetLanguage: root.targetLanguage }), texts };
}
