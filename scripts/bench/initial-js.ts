import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The JavaScript a page loads before it is interactive: its module scripts, the modules it
 * preloads, and every module those import statically (not the dynamic imports), each counted
 * once, gzip-compressed at the default level as a static host would serve them. `root` is the
 * folder the page's absolute addresses start from (dist/).
 */
export function initialJs(root: string, htmlFile: string): { bytes: number; gzip: number; files: string[] } {
  const html = readFileSync(htmlFile, 'utf8');
  const urls = [
    ...[...html.matchAll(/<script\b[^>]*type="module"[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]!),
  ];
  const seen = new Set<string>();
  let bytes = 0;
  let gzip = 0;
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file);
    bytes += code.length;
    gzip += gzipSync(code).length;
    // Static imports only: `import ... from "./x.js"` and `import "./x.js"` (not `import("./x.js")`).
    for (const match of code.toString('utf8').matchAll(/\bimport\s*(?:[\w${},*\s]+?\s*from\s*)?["']([^"']+\.js)["']/g)) {
      visit(path.resolve(path.dirname(file), match[1]!));
    }
  };
  for (const url of urls) visit(path.join(root, new URL(url, 'http://x/').pathname));
  return { bytes, gzip, files: [...seen].map((f) => path.relative(root, f)).sort() };
}
