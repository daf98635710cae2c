import { missingPlaceholders } from '../../core/placeholders.ts';
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { sourcesFileId, sourcesFileText, textFingerprint } from '../../generator/index.ts';
import type { FileFreshness } from '../../generator/index.ts';
import type { TranslationMarkAnswer, TranslationSaveAnswer } from '../api.ts';
import { contentPath, readContentFile, replaceFile, writeContentFile } from './files.ts';
import type { Previews } from './previews.ts';
import { Refusal } from './security.ts';
import { recordedFingerprints, sourceUnits } from './translations.ts';
import type { Workspace } from './workspace.ts';
import { applyData, YamlEditError } from './yaml-edit.ts';

/**
 * The side by side's writes (docs/studio.md, "Translations side by side"): one text of a
 * translation, written into its YAML changing only its lines (yaml-edit.ts), and texts marked
 * as reviewed, recorded in the translation's sources file exactly as `build-region translations
 * mark` records them. Both are judged against the content on disk, as the CLI's are, and written
 * atomically; a translation changed on disk since it was shown is not written over.
 */

/** The translated file `id` as the disk's content has it; a Refusal when it is not a translation. */
async function translationOnDisk(workspace: Workspace, id: unknown): Promise<FileFreshness> {
  await contentPath(workspace.root, id);
  const file = (await workspace.refresh()).translations.find((t) => t.id === id);
  if (!file)
    throw new Refusal(400, `Refused: '${String(id)}' is not a translation (its top says no translates, or what it names is not a file).`);
  return file;
}

function bodyOf(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null) throw new Refusal(400, 'Refused: the body is a JSON object.');
  return body as Record<string, unknown>;
}

/** PUT /api/translation {id, key, text, base}: one text of a translation, written unless the file changed since `base`. */
export async function saveTranslation(
  body: unknown,
  workspace: Workspace,
  previews: Previews,
): Promise<{ status: number; answer: TranslationSaveAnswer }> {
  const { id, key, text, base } = bodyOf(body);
  for (const [name, value] of Object.entries({ id, key, text, base }))
    if (typeof value !== 'string') throw new Refusal(400, `Refused: '${name}' must be a string.`);
  const [fileId, textKey, newText] = [id as string, key as string, text as string];
  const file = await translationOnDisk(workspace, fileId);
  const unit = sourceUnits(file.kind, file.sourceFile.text).get(textKey);
  if (!unit) throw new Refusal(400, `Refused: ${file.sourceId} has no text '${textKey}', so ${fileId} cannot translate it.`);
  // Placeholders are tokens a translation keeps whole: one lacking would show nothing where the source shows a value.
  const lacking = newText ? missingPlaceholders(unit.text, newText) : [];
  if (lacking.length > 0)
    throw new Refusal(
      422,
      `Not saved: the translation lacks ${lacking.join(', ')}, which the source has. Keep every placeholder of the source, unchanged.`,
    );
  if (workspace.unsaved.has(fileId))
    throw new Refusal(409, `${fileId} has unsaved edits in the studio's editor: save them or drop them there first.`);
  const disk = await readContentFile(workspace.root, fileId);
  if (disk.hash !== base) return { status: 409, answer: { saved: false, conflict: { text: disk.text, hash: disk.hash } } };
  // A text the translation has is where it has it; a missing one goes where the source has it.
  const own = file.texts.find((t) => t.key === textKey);
  const at = own && own.state !== 'missing' ? own.path : unit.path;
  const data = withText(parse(disk.text, { merge: false }), parse(file.sourceFile.text, { merge: false }), {
    path: at,
    text: newText,
    keywords: file.kind === 'page' && textKey === 'keywords',
  });
  let next: string;
  try {
    next = applyData(disk.text, data);
  } catch (error) {
    if (error instanceof YamlEditError)
      throw new Refusal(422, `${fileId} does not parse as YAML, so no text can be set in it: ${error.message}`);
    throw error;
  }
  const written = await writeContentFile(workspace.root, fileId, next, disk.hash);
  if ('conflict' in written) return { status: 409, answer: { saved: false, conflict: written.conflict } };
  previews.update();
  await workspace.refresh();
  // A stale text's W0401 is what its state says already.
  const diagnostics = (await workspace.diagnosticsOf(fileId)).filter((d) => {
    const where = d.path?.join('.');
    return d.code !== 'W0401' && where !== undefined && (where === at.join('.') || where.startsWith(`${at.join('.')}.`));
  });
  return { status: 200, answer: { saved: true, hash: written.hash, diagnostics } };
}

/**
 * A translation's data with one text set at its path (a copy: the parse is not changed). A
 * list or map on the way that the translation lacks is made as the source has it; a list
 * item past the end of the translation's list is refused (the items between would be empty).
 */
function withText(data: unknown, source: unknown, edit: { path: readonly string[]; text: string; keywords: boolean }): unknown {
  const root: unknown = structuredClone(data ?? {});
  let at = root as Record<string, unknown> | unknown[];
  let shape = source;
  edit.path.forEach((segment, index) => {
    if (typeof at !== 'object' || at === null)
      throw new Refusal(422, `Refused: the translation has no list or map at ${edit.path.slice(0, index).join('.')}.`);
    const last = index === edit.path.length - 1;
    const value = last ? (edit.keywords ? edit.text.split(/\s*,\s*/).filter(Boolean) : edit.text) : undefined;
    shape = (shape as Record<string, unknown> | undefined)?.[segment];
    if (Array.isArray(at)) {
      const item = Number(segment);
      if (!Number.isInteger(item) || item > at.length)
        throw new Refusal(
          422,
          `Refused: the translation's list ${edit.path.slice(0, index).join('.')} has ${at.length} items; write the ones before item ${segment} first, in the file's editor.`,
        );
      if (last) at[item] = value;
      else at[item] ??= Array.isArray(shape) ? [] : {};
      at = at[item] as Record<string, unknown> | unknown[];
    } else {
      if (last) at[segment] = value;
      else at[segment] ??= Array.isArray(shape) ? [] : {};
      at = at[segment] as Record<string, unknown> | unknown[];
    }
  });
  return root;
}

/**
 * POST /api/translation/mark {id, keys}: those texts recorded as translating their source's
 * text now (fingerprint := the source text's today), the other keys' records left as they are:
 * for those keys, what `build-region translations mark` writes.
 */
export async function markTranslation(body: unknown, workspace: Workspace, previews: Previews): Promise<TranslationMarkAnswer> {
  const { id, keys } = bodyOf(body);
  if (!Array.isArray(keys) || keys.length === 0 || keys.length > 10_000 || !keys.every((key) => typeof key === 'string'))
    throw new Refusal(400, "Refused: 'keys' is a list of the texts' keys (at least one).");
  const file = await translationOnDisk(workspace, id);
  if (workspace.unsaved.has(file.sourceId))
    throw new Refusal(
      409,
      `${file.sourceId} has unsaved edits in the studio: save them first, so that the text marked is the source as saved.`,
    );
  const fingerprints = await recordedFingerprints(workspace.root, file);
  for (const key of keys as string[]) {
    const text = file.texts.find((t) => t.key === key);
    if (!text)
      throw new Refusal(
        400,
        `Refused: ${file.id} has no text '${key}' of ${file.sourceId} to mark (it is not in the source, or inherited).`,
      );
    if (text.state === 'missing')
      throw new Refusal(400, `Refused: ${file.id} has no text for '${key}' yet: write it before marking it reviewed.`);
    fingerprints[key] = textFingerprint(text.source);
  }
  const sources = sourcesFileId(file.id);
  await replaceFile(await sourcesPath(workspace.root, file.id), sourcesFileText(file, fingerprints));
  previews.update();
  const after = (await workspace.refresh()).translations.find((t) => t.id === file.id);
  const states = Object.fromEntries((keys as string[]).map((key) => [key, after?.texts.find((t) => t.key === key)?.state ?? 'missing']));
  return { sources, states };
}

/** Where a translation's sources file is (beside it, checked as the translation was): refused through a symbolic link. */
async function sourcesPath(root: string, id: string): Promise<string> {
  const file = path.join(path.dirname(await contentPath(root, id)), path.posix.basename(sourcesFileId(id)));
  const stat = await lstat(file).catch(() => undefined);
  if (stat && !stat.isFile())
    throw new Refusal(
      403,
      `Refused: ${sourcesFileId(id)} is not a plain file (a symbolic link?); the studio writes only inside the content folder.`,
    );
  return file;
}
