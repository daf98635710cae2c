import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import { Refusal, setSecurityHeaders } from './security.ts';

/** The studio's page and its assets, from the built folder (client-build.ts); any other path is the page (it routes itself). */
const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

export async function serveStatic(res: ServerResponse, dir: string, pathname: string): Promise<void> {
  const asset = /^\/assets\/[\w.-]+$/.test(pathname) ? path.join(dir, pathname) : undefined;
  const file = asset ?? path.join(dir, 'index.html');
  const body = await readFile(file).catch(() => undefined);
  if (!body) throw new Refusal(404, `No such file of the studio's page: ${pathname.slice(0, 100)}`);
  res.setHeader('Content-Type', TYPES[path.extname(file)] ?? 'application/octet-stream');
  // The assets' names carry their hash: they never change.
  if (asset) res.setHeader('Cache-Control', 'private, max-age=31536000, immutable');
  if (asset) return void res.end(body);
  // The page: a nonce of its own for the <style> elements its code adds (its meta tag says it to the code).
  const nonce = randomBytes(16).toString('base64');
  setSecurityHeaders(res, { nonce });
  res.end(body.toString('utf8').replace('<head>', `<head>\n    <meta name="csp-nonce" content="${nonce}" />`));
}
