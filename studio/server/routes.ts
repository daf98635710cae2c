import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  ChangesAnswer,
  ChangesPicturesAnswer,
  CheckAnswer,
  ClockAnswer,
  FileAnswer,
  LocateAnswer,
  Overview,
  PreviewAnswer,
  ProposeAnswer,
  SaveAnswer,
  ScheduleAnswer,
  SearchAnswer,
  SuggestionsAnswer,
} from '../api.ts';
import { sendArt } from './art.ts';
import type { Previews } from './previews.ts';
import type { ReviewPages } from './review-pages.ts';
import { handleEntry } from './entry-route.ts';
import { contentPath, readContentFile, writeContentFile } from './files.ts';
import { locateInWorkspace } from './locate-workspace.ts';
import { scheduleOf } from './schedule.ts';
import { formSchema } from './schemas.ts';
import { changesOf, changesPictures } from './changes.ts';
import { handlePropose } from './propose-route.ts';
import type { GithubSettings } from './propose-route.ts';
import { searchContent } from './search.ts';
import { suggestionsFor } from './suggestions.ts';
import { readJson, Refusal } from './security.ts';
import { markTranslation, saveTranslation } from './translation-edit.ts';
import { translationSources, translationsOf } from './translations.ts';
import type { Workspace } from './workspace.ts';
import { applyData, YamlEditError } from './yaml-edit.ts';

/** GET /api/file: the file on disk, its diagnostics and schema, and whether the studio holds an unsaved text of it. */
async function fileAnswer(workspace: Workspace, id: string): Promise<FileAnswer> {
  const file = await readContentFile(workspace.root, id);
  return {
    ...file,
    diagnostics: await workspace.diagnosticsOf(file.id),
    ...schemaOf(file.id),
    ...(workspace.unsaved.has(file.id) && { unsaved: true as const }),
  };
}

/**
 * The studio's API (docs/studio.md, "API"): JSON in, JSON out. Every answer is the type of
 * studio/api.ts its comment names; a refusal is `{ error }` with a status, and writes nothing.
 */
export async function handleApi(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  workspace: Workspace,
  previews: Previews,
  reviews: ReviewPages,
  github?: GithubSettings,
): Promise<void> {
  const route = `${req.method} ${url.pathname}`;
  if (url.pathname.startsWith('/api/translation')) return translationRoutes(route, req, res, url, workspace, previews);
  if (PREVIEW_PATHS.has(url.pathname)) return previewRoutes(route, req, res, url, workspace, previews, reviews);
  if (route === 'POST /api/propose')
    return send(res, (await handlePropose(await readJson(req), workspace, previews.now(), github)) satisfies ProposeAnswer);
  switch (route) {
    case 'GET /api/overview':
      return send(res, (await workspace.overview()) satisfies Overview);
    case 'GET /api/overview/stamp':
      // What the header watches (App.tsx): the overview is asked for again only when it differs.
      return send(res, { stamp: workspace.diskStamp() });
    case 'GET /api/file': {
      return send(res, await fileAnswer(workspace, url.searchParams.get('id') as string));
    }
    case 'GET /api/file/stamp': {
      // The hash of the file on disk, or null when it is gone: what an open file's screen watches (disk-watch.ts).
      const id = url.searchParams.get('id') ?? '';
      const file = await readContentFile(workspace.root, id).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      });
      return send(res, { hash: file?.hash ?? null });
    }
    case 'POST /api/check': {
      const { id, text } = fields(await readJson(req), { id: 'string', text: 'string' });
      await contentPath(workspace.root, id, { exists: false });
      const { answer, compiled } = await workspace.check(id, text);
      // The preview shows this compile (the same texts, at the same instant): none of its own.
      previews.update(compiled);
      return send(res, answer satisfies CheckAnswer);
    }
    case 'PUT /api/draft': {
      // An unsaved text for the preview at once (the check, a moment later, says what is wrong).
      const { id, text } = fields(await readJson(req), { id: 'string', text: 'string' });
      await contentPath(workspace.root, id, { exists: false });
      await workspace.draft(id, text);
      previews.quick({ id, text });
      return send(res, { kept: true });
    }
    case 'PUT /api/file':
      return save(req, res, workspace, previews);
    case 'POST /api/entry':
      return send(res, await handleEntry(await readJson(req), workspace, previews));
    case 'POST /api/yaml': {
      // A form's data made into the file's text, changing only what differs (yaml-edit.ts), kept
      // as the file's unsaved text and shown in the preview at once.
      const body = await readJson(req);
      const { id, text } = fields(body, { id: 'string', text: 'string' });
      await contentPath(workspace.root, id, { exists: false });
      let next: string;
      try {
        next = applyData(text, (body as { data?: unknown }).data);
      } catch (error) {
        if (error instanceof YamlEditError)
          throw new Refusal(422, `The file's YAML does not parse, so the form cannot change it: ${error.message}`);
        throw error;
      }
      await workspace.draft(id, next);
      previews.quick({ id, text: next });
      return send(res, { text: next });
    }
    case 'GET /api/search': {
      const query = url.searchParams.get('q') ?? '';
      if (query.length > 200) throw new Refusal(400, 'Refused: a search of at most 200 characters.');
      return send(res, searchContent(await workspace.sources(), query) satisfies SearchAnswer);
    }
    case 'GET /api/schema':
      // The form's schema of a kind of file, self-contained, its widgets marked (schemas.ts).
      return send(res, formSchema(url.searchParams.get('name') ?? ''));
    case 'GET /api/art':
      // A drawing of content/assets/, shown beside the name a gallery picks (art.ts).
      return sendArt(res, workspace.root, url.searchParams.get('name'));
    default:
      throw new Refusal(404, `No such request: ${route.slice(0, 120)}`);
  }
}

const PREVIEW_PATHS = new Set(['/api/preview', '/api/clock', '/api/schedule', '/api/locate', '/api/changes', '/api/changes/pictures']);

/** The preview beside the editor and the change as visitors see it (docs/studio.md, "Preview", "Time" and "Changes"): its address, its clock, the region's schedule, a text picked in it, the diff's words and pictures. */
async function previewRoutes(
  route: string,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  workspace: Workspace,
  previews: Previews,
  reviews: ReviewPages,
): Promise<void> {
  switch (route) {
    case 'POST /api/preview': {
      const { region } = fields(await readJson(req), { region: 'string' });
      return send(res, (await previews.open(region)) satisfies PreviewAnswer);
    }
    case 'PUT /api/clock': {
      const { now } = fields(await readJson(req), { now: 'string' });
      const instant = Date.parse(now);
      if (!Number.isFinite(instant) || !/(Z|[+-]\d\d:\d\d)$/.test(now))
        throw new Refusal(400, `Refused: '${now.slice(0, 40)}' is not an instant with its offset (2025-10-25T15:00:00+08:00).`);
      return send(res, { now: await previews.setClock(instant) } satisfies ClockAnswer);
    }
    case 'GET /api/changes':
      // The working tree against a commit, as visitors will see it (changes.ts).
      return send(res, (await changesOf(workspace, url.searchParams.get('base') ?? 'HEAD', previews.now())) satisfies ChangesAnswer);
    case 'POST /api/changes/pictures':
      return send(res, (await changesPictures(workspace, reviews, await readJson(req), previews.now())) satisfies ChangesPicturesAnswer);
    case 'GET /api/schedule':
      // The instants at which the region's pages change (schedule.ts), for the preview's timeline.
      return send(res, (await scheduleOf(workspace, url.searchParams.get('region') ?? '', previews.now())) satisfies ScheduleAnswer);
    case 'GET /api/locate': {
      // A text clicked in the preview: the fields it comes from, best first (locate.ts).
      return send(res, (await locateInWorkspace(workspace, url.searchParams, previews.now())) satisfies LocateAnswer);
    }
    default:
      throw new Refusal(404, `No such request: ${route.slice(0, 120)}`);
  }
}

/** Translations side by side (docs/studio.md): the sources, a source's texts in every locale, a text written, texts marked reviewed, suggestions. */
async function translationRoutes(
  route: string,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  workspace: Workspace,
  previews: Previews,
): Promise<void> {
  switch (route) {
    case 'GET /api/translations': {
      const source = url.searchParams.get('source');
      return send(res, source === null ? await translationSources(workspace) : await translationsOf(workspace, source));
    }
    case 'PUT /api/translation': {
      const { status, answer } = await saveTranslation(await readJson(req), workspace, previews);
      res.statusCode = status;
      return send(res, answer);
    }
    case 'POST /api/translation/mark':
      return send(res, await markTranslation(await readJson(req), workspace, previews));
    case 'GET /api/translation/suggestions': {
      // Current translations of the same or a close source text, in the text's language (suggestions.ts).
      const [id, key] = ['id', 'key'].map((name) => url.searchParams.get(name) ?? '');
      return send(res, (await suggestionsFor(workspace, id!, key!)) satisfies SuggestionsAnswer);
    }
    default:
      throw new Refusal(404, `No such request: ${route.slice(0, 120)}`);
  }
}

/** PUT /api/file: written atomically unless the file changed on disk since `base` (409 with the disk's version). */
async function save(req: IncomingMessage, res: ServerResponse, workspace: Workspace, previews: Previews): Promise<void> {
  const body = await readJson(req);
  const { id, text } = fields(body, { id: 'string', text: 'string' });
  const base = (body as { base?: unknown }).base;
  if (base !== null && typeof base !== 'string')
    throw new Refusal(400, "Refused: 'base' is the hash of the file as it was opened (null for a new file).");
  const written = await writeContentFile(workspace.root, id, text, base);
  if ('conflict' in written) {
    res.statusCode = 409;
    return send(res, { saved: false, conflict: { text: written.conflict.text, hash: written.conflict.hash } } satisfies SaveAnswer);
  }
  workspace.settle(id);
  previews.update();
  const result = await workspace.refresh();
  const diagnostics = await workspace.diagnosticsOf(id);
  const buildable = !result.diagnostics.some((d) => d.severity === 'error');
  return send(res, { saved: true, hash: written.hash, diagnostics, buildable } satisfies SaveAnswer);
}

function send(res: ServerResponse, value: unknown): void {
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end(JSON.stringify(value));
}

/** The body's fields of the given types; a Refusal (400) naming the first that is not. */
function fields<T extends Record<string, 'string'>>(body: unknown, shape: T): { [K in keyof T]: string } {
  if (typeof body !== 'object' || body === null) throw new Refusal(400, 'Refused: the body is a JSON object.');
  for (const [name, type] of Object.entries(shape))
    if (typeof (body as Record<string, unknown>)[name] !== type) throw new Refusal(400, `Refused: '${name}' must be a ${type}.`);
  return body as { [K in keyof T]: string };
}

/** The JSON Schema a content file is checked against, by the kind of file its id says. */
function schemaOf(id: string): { schema?: string } {
  if (/^regions\/[^/]+\/products\.ya?ml$/.test(id)) return { schema: 'products' };
  if (/^regions\/[^/]+\/region\.ya?ml$/.test(id)) return { schema: 'region' };
  if (/^messages\/[^/]+\.ya?ml$/.test(id)) return { schema: 'messages' };
  if (/^pages\//.test(id)) return { schema: 'page' };
  if (/^stages\.ya?ml$/.test(id)) return { schema: 'stages' };
  if (/^constants\.ya?ml$/.test(id)) return { schema: 'constants' };
  if (/^glossary\.ya?ml$/.test(id)) return { schema: 'glossary' };
  return {};
}
