import { readFile } from 'node:fs/promises';
import type { EntryAnswer, EntryRequest } from '../api.ts';
import { planEntry } from './entries.ts';
import type { Plan } from './entries.ts';
import { contentPath, hashText, writeContentFile } from './files.ts';
import type { Previews } from './previews.ts';
import { Refusal } from './security.ts';
import type { Workspace } from './workspace.ts';

/**
 * POST /api/entry {request, write}: a new entry planned (entries.ts) and checked with the whole
 * content, as an edit is; with `write`, written once it brings no new error. Nothing is
 * written when any of its files has unsaved changes in the studio, changed on disk since the
 * plan, or when the entry would break the build: the refusal says which.
 */
export async function handleEntry(body: unknown, workspace: Workspace, previews: Previews): Promise<EntryAnswer> {
  const { request, write } = (typeof body === 'object' && body !== null ? body : {}) as { request?: unknown; write?: unknown };
  if (typeof request !== 'object' || request === null || typeof (request as { kind?: unknown }).kind !== 'string')
    throw new Refusal(400, "Refused: 'request' is an object with a 'kind' (product, page or copy).");
  const regions = (await workspace.current()).model.regions.map(({ data }) => ({
    code: data.code,
    locale: data.locale,
    basePath: data.basePath,
  }));
  const texts = async (id: string) =>
    readFile(await contentPath(workspace.root, id, { exists: false, newFolders: true }), 'utf8').catch(() => undefined);
  let plan: Plan;
  try {
    plan = await planEntry(request as EntryRequest, regions, texts);
  } catch (error) {
    if (write === true || !(error instanceof Refusal)) throw error;
    return { changes: [], notes: [], diagnostics: [], newErrors: 0, open: '', written: false, problem: error.message };
  }
  for (const change of plan.changes)
    if (workspace.unsaved.has(change.id))
      throw new Refusal(409, `${change.id} has unsaved changes in the studio: save them or drop them, then make the new entry.`);
  const [before, after] = await Promise.all([
    workspace.compileWith(new Map()),
    workspace.compileWith(new Map(plan.changes.map((c) => [c.id, c.text]))),
  ]);
  const errors = (result: typeof before) => result.diagnostics.filter((d) => d.severity === 'error').length;
  const answer: EntryAnswer = {
    changes: plan.changes.map(({ id, created, text }) => ({ id, created, text })),
    notes: plan.notes,
    diagnostics: workspace.diagnosticsIn(after, new Set(plan.changes.map((c) => c.id))),
    newErrors: Math.max(0, errors(after) - errors(before)),
    open: plan.open,
    written: false,
  };
  if (write !== true) return answer;
  if (answer.newErrors > 0) {
    const first = answer.diagnostics.find((d) => d.severity === 'error');
    throw new Refusal(
      422,
      `Nothing written: the entry would break the build (${first ? `${first.code}: ${first.message}` : `${answer.newErrors} errors`}).`,
    );
  }
  await writeAll(workspace, plan);
  previews.update();
  await workspace.refresh();
  return { ...answer, written: true };
}

/** Every file checked against its plan's base first, then each written atomically (files.ts). */
async function writeAll(workspace: Workspace, plan: Plan): Promise<void> {
  for (const change of plan.changes) {
    const now = await readFile(await contentPath(workspace.root, change.id, { exists: false, newFolders: true }), 'utf8').catch(() => null);
    if ((now === null ? null : hashText(now)) !== change.base)
      throw new Refusal(409, `${change.id} changed on disk meanwhile: nothing was written. Look at it again, then make the entry.`);
  }
  for (const change of plan.changes) {
    const written = await writeContentFile(workspace.root, change.id, change.text, change.base);
    if ('conflict' in written) throw new Refusal(409, `${change.id} changed on disk while the entry was written: look at it again.`);
  }
}
