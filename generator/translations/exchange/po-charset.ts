import { byteOrderMark, decodeCharset, decodeUtf16, decodeUtf8 } from './decode.ts';
import { ExchangeReadError } from './unit.ts';

/**
 * A PO file's bytes as text, for po.ts: the charset its header declares found and checked
 * against any byte order mark, then the bytes decoded (decode.ts) or refused at their line.
 */

/** The charset a PO file's header declares (`Content-Type: text/plain; charset=...`), and its line; `open` when the text ends inside the header. */
function findHeaderCharset(text: string): { name: string; line: number } | 'open' | undefined {
  // The header is the first entry, with an empty msgid and no msgctxt; its charset is ASCII
  // whatever the charset, so it is found in the bytes read as ISO-8859-1 (gettext reads it so too).
  let line = 0;
  let inHeader = false;
  let start = 0;
  while (start < text.length) {
    const end = text.indexOf('\n', start);
    const content = text.slice(start, end < 0 ? text.length : end).trim();
    start = end < 0 ? text.length : end + 1;
    line++;
    if (!inHeader) {
      if (content === '' || content.startsWith('#')) continue;
      if (!/^msgid\s*""$/.test(content)) return undefined;
      inHeader = true;
      continue;
    }
    if (content.startsWith('msgstr') || content.startsWith('"')) {
      const charset = /Content-Type:[^"]*?\bcharset=([^\s;"\\]+)/i.exec(content)?.[1];
      if (charset !== undefined) return { name: charset, line };
      continue;
    }
    return undefined;
  }
  return 'open';
}

/** The header's charset in bytes of an ASCII-compatible charset: read as ISO-8859-1, from the first 64 KB unless the header goes on beyond them. */
function findHeaderCharsetInBytes(bytes: Uint8Array): { name: string; line: number } | undefined {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const head = findHeaderCharset(buffer.toString('latin1', 0, Math.min(buffer.length, 64 * 1024)));
  if (head !== 'open' || buffer.length <= 64 * 1024) return head === 'open' ? undefined : head;
  const whole = findHeaderCharset(buffer.toString('latin1'));
  return whole === 'open' ? undefined : whole;
}

/**
 * A PO file's bytes as text (the gettext manual, "Header Entry", Content-Type): the charset
 * the header names, any iconv-lite knows; no charset, UTF-8; a UTF-8 byte order mark skipped;
 * a UTF-16 one (LE or BE) decides UTF-16, which gettext's own tools do not read but editors
 * save. Bytes invalid in the charset, an unknown charset, or a charset that contradicts the
 * byte order mark are refused.
 */
export function decodePo(bytes: Uint8Array): string {
  const bom = byteOrderMark(bytes);
  if (bom === 'utf-16le' || bom === 'utf-16be') {
    const text = decodeUtf16(bytes.subarray(2), bom);
    // A UTF-16 file keeps the UTF-8 its header had when an editor converted it: either is Unicode.
    const found = findHeaderCharset(text);
    const declared = found === 'open' ? undefined : found;
    if (declared && !/^utf-?(8|16|16le|16be)$/i.test(declared.name))
      throw new ExchangeReadError(
        declared.line,
        `the file starts with a ${bom.toUpperCase()} byte order mark but its header declares charset=${declared.name}`,
      );
    return text;
  }
  const body = bom === 'utf-8' ? bytes.subarray(3) : bytes;
  const declared = findHeaderCharsetInBytes(body);
  if (bom === 'utf-8' && declared && !/^utf-?8$/i.test(declared.name))
    throw new ExchangeReadError(
      declared.line,
      `the file starts with a UTF-8 byte order mark but its header declares charset=${declared.name}`,
    );
  if (declared && /^utf-?16/i.test(declared.name))
    throw new ExchangeReadError(declared.line, `the header declares charset=${declared.name} but the file has no UTF-16 byte order mark`);
  return declared ? decodeCharset(body, declared.name, 'the file', declared.line) : decodeUtf8(body, 'the file');
}
