// The JSON-LD a page carries is written by the build (generator/prerender/index.ts) and by the live
// preview (preview/dev/index.ts) alike: one rule for both, here.

/**
 * JSON for a <script type="application/ld+json"> element. `<`, `>` and `&` are escaped as JSON
 * unicode escapes, so no content string can close the element or open a comment; U+2028 and
 * U+2029 are escaped for old parsers. The result parses back to the same value.
 */
export function serializeJsonLd(value: object): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
