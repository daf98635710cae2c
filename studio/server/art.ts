import { lstat, readdir, readFile, realpath } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { Refusal } from './security.ts';

/**
 * The source art of the content folder (`assets/<name>.svg`), for the form's art picker
 * (docs/studio.md, "Editing a file: the form"): its names, and one drawing to show beside the
 * name chosen. Read as files.ts reads YAML: a name of plain lowercase words only (what the page
 * schema allows), and no symbolic link on the way, so nothing outside the assets folder is read.
 */

/** What a page's gallery may name (schema/page.schema.json, `image`). */
const ART_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The names (without `.svg`) of the content folder's source art, sorted; none when it has no assets folder. */
export async function artNames(root: string): Promise<string[]> {
  const files = await readdir(path.join(root, 'assets'), { withFileTypes: true }).catch(() => []);
  return files
    .filter((file) => file.isFile() && file.name.endsWith('.svg') && ART_NAME.test(file.name.slice(0, -4)))
    .map((file) => file.name.slice(0, -4))
    .sort();
}

/** The absolute path of `assets/<name>.svg`, after every check; a Refusal (400, 403, 404) otherwise. */
async function artPath(root: string, name: string | null): Promise<string> {
  if (name === null || name.length > 100 || !ART_NAME.test(name))
    throw new Refusal(400, 'Refused: an art name is lowercase words joined by hyphens, as a gallery names it.');
  let at = await realpath(root);
  for (const [index, segment] of ['assets', `${name}.svg`].entries()) {
    at = path.join(at, segment);
    const stat = await lstat(at).catch(() => undefined);
    if (!stat) throw new Refusal(404, `No art '${name}' in the content folder's assets/.`);
    if (stat.isSymbolicLink()) throw new Refusal(403, `Refused: 'assets/${name}.svg' goes through a symbolic link.`);
    if (index === 0 ? !stat.isDirectory() : !stat.isFile()) throw new Refusal(400, `Refused: 'assets/${name}.svg' is not a file.`);
  }
  return at;
}

/**
 * GET /api/art?name=: the drawing, as an image. The page shows it in an `<img>`, where an SVG
 * runs no script; opened on its own, its answer's policy lets it load and run nothing either.
 */
export async function sendArt(res: ServerResponse, root: string, name: string | null): Promise<void> {
  const svg = await readFile(await artPath(root, name));
  res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; sandbox");
  res.setHeader('Content-Type', 'image/svg+xml');
  res.end(svg);
}
