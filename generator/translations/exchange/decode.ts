import { createRequire } from 'node:module';
import { ExchangeReadError } from './unit.ts';

/**
 * A translator's file's bytes as text, as its standard says to read them: a byte order mark
 * first (UTF-8, UTF-16 LE or BE: XML 1.0, appendix F; RFC 8259 for JSON), then the charset the
 * file declares (an XML declaration's `encoding`), else UTF-8. Bytes that are not valid in that
 * charset are refused at their line, never replaced by U+FFFD.
 */

const require = createRequire(import.meta.url);

/** The line (1-based) of a byte offset in a buffer, counting LF bytes (good for ASCII-compatible charsets). */
export function lineOfByte(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < bytes.length; i++) if (bytes[i] === 0x0a) line++;
  return line;
}

/** The first offset at which the bytes are not UTF-8, or -1. */
function firstBadUtf8(bytes: Uint8Array): number {
  // Re-decoding growing prefixes would be quadratic: find it by walking the sequences.
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const length = b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0;
    if (length === 0 || i + length > bytes.length) return i;
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(i, i + length));
    } catch {
      return i;
    }
    i += length;
  }
  return -1;
}

/** UTF-8 bytes as text, refused at the line of the first byte that is not UTF-8. */
export function decodeUtf8(bytes: Uint8Array, what: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    const at = firstBadUtf8(bytes);
    throw new ExchangeReadError(lineOfByte(bytes, at), `${what} is not valid UTF-8 (byte ${at}): save it as UTF-8, or declare its charset`);
  }
}

/** UTF-16 text (after its byte order mark), refused at the line of a code unit that is no character. */
export function decodeUtf16(bytes: Uint8Array, encoding: 'utf-16le' | 'utf-16be', what = 'the file'): string {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    const text = new TextDecoder(encoding).decode(bytes);
    const bad = Math.max(0, text.indexOf('\uFFFD'));
    const line = text.slice(0, bad).split('\n').length;
    throw new ExchangeReadError(line, `${what} is not valid ${encoding.toUpperCase()}: it has a lone surrogate or an odd byte`);
  }
}

/** Text in a named charset (any iconv-lite knows), refused when the charset is unknown or the bytes are not valid in it. */
export function decodeCharset(bytes: Uint8Array, charset: string, what: string, declaredAt = 1): string {
  const name = charset.trim().toLowerCase();
  if (name === 'utf-8' || name === 'utf8') return decodeUtf8(bytes, what);
  if (name === 'utf-16' || name === 'utf-16le' || name === 'utf-16be') {
    const le = name === 'utf-16le' || (name === 'utf-16' && bytes[0] === 0xff && bytes[1] === 0xfe);
    return decodeUtf16(bytes, le ? 'utf-16le' : 'utf-16be', what);
  }
  const iconv = require('iconv-lite') as typeof import('iconv-lite');
  if (!iconv.encodingExists(name))
    throw new ExchangeReadError(declaredAt, `${what} declares the charset '${charset}', which is unknown: save it as UTF-8`);
  const text = iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), name, { stripBOM: true });
  // iconv-lite writes U+FFFD for a byte the charset has no character for: refused, not passed on.
  const bad = text.indexOf('\uFFFD');
  if (bad >= 0) {
    const again = iconv.encode(text.slice(0, bad), name);
    throw new ExchangeReadError(
      lineOfByte(bytes, again.length),
      `${what} has a byte that is no character in its charset '${charset}' (byte ${again.length}): save it as UTF-8`,
    );
  }
  return text;
}

/** The byte order mark at the start of the bytes, if any. */
export function byteOrderMark(bytes: Uint8Array): 'utf-8' | 'utf-16le' | 'utf-16be' | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return undefined;
}

/**
 * An XML document's bytes as text (XML 1.0, 4.3.3 and appendix F): a byte order mark decides
 * UTF-8 or UTF-16; otherwise the XML declaration's `encoding` (any charset iconv-lite knows);
 * otherwise UTF-8. A declaration that contradicts the byte order mark is refused.
 */
export function decodeXml(bytes: Uint8Array): string {
  const bom = byteOrderMark(bytes);
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 200));
  if (bom === 'utf-16le' || bom === 'utf-16be') {
    const text = decodeCharset(bytes.subarray(2), bom, 'the file');
    const declared = /^<\?xml[^>]*\bencoding\s*=\s*["']([^"']+)["']/.exec(text)?.[1];
    if (declared && !/^utf-16/i.test(declared))
      throw new ExchangeReadError(1, `the file starts with a UTF-16 byte order mark but declares encoding="${declared}"`);
    return text;
  }
  const body = bom === 'utf-8' ? bytes.subarray(3) : bytes;
  // Without a byte order mark the declaration is in ASCII whatever the charset (XML 1.0, appendix F).
  const declared = /^(?:\u00ef\u00bb\u00bf)?<\?xml[^>]*\bencoding\s*=\s*["']([^"']+)["']/.exec(head.toString('latin1'))?.[1];
  if (bom === 'utf-8' && declared && !/^utf-?8$/i.test(declared))
    throw new ExchangeReadError(1, `the file starts with a UTF-8 byte order mark but declares encoding="${declared}"`);
  if (declared && /^utf-16/i.test(declared))
    throw new ExchangeReadError(1, `the file declares encoding="${declared}" but has no UTF-16 byte order mark`);
  return declared ? decodeCharset(body, declared, 'the file') : decodeUtf8(body, 'the file');
}
