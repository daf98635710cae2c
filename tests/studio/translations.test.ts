import { readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashText } from '../../studio/server/files.ts';
import { startStudio } from '../../studio/server/index.ts';
import type { Studio } from '../../studio/server/index.ts';
import type { TranslationMarkAnswer, TranslationSaveAnswer, TranslationsAnswer, TranslationSourcesAnswer } from '../../studio/api.ts';
import { textFingerprint } from '../../generator/index.ts';
import { runCliIn } from '../support/cli.ts';
import { committedContent, replaceInFile } from '../support/content.ts';

// Translations side by side in the studio's server (docs/studio.md): the sources with their
// translations, a page's texts in every locale, a stale text with the source as it was (from
// git) and its word diff, one text written as one changed line, texts marked reviewed exactly as
// `build-region translations mark` records them, and the refusals.

let studio: Studio;
let work: string;
let content: string;
let cookie: string;
let git: Awaited<ReturnType<typeof committedContent>>['git'];
const PAGE = 'pages/black-friday/en.yaml';
const FR = 'pages/black-friday/fr.yaml';

function send(method: string, target: string, body?: unknown): Promise<{ status: number; body: string; cookie?: string }> {
  const headers: Record<string, string> = {
    Host: `127.0.0.1:${studio.port}`,
    ...(cookie && { Cookie: cookie }),
    ...(body !== undefined && { 'Content-Type': 'application/json', Origin: `http://127.0.0.1:${studio.port}` }),
  };
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: studio.port, path: target, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          cookie: res.headers['set-cookie']?.[0]?.split(';')[0],
        }),
      );
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

async function call<T>(method: string, target: string, body?: unknown): Promise<{ status: number; answer: T & { error?: string } }> {
  const reply = await send(method, target, body);
  return { status: reply.status, answer: JSON.parse(reply.body) as T & { error?: string } };
}

const sideBySide = async (source: string) =>
  (await call<TranslationsAnswer>('GET', `/api/translations?source=${encodeURIComponent(source)}`)).answer;

/** The lines `git diff` shows changed in a file of the content, without the headers. */
const changedLines = (id: string) =>
  git('diff', '--unified=0', '--', `content/${id}`)
    .stdout.split('\n')
    .filter((l) => /^[-+](?![-+])/.test(l));

/** `build-region translations --format json`, the real command line over the same folder. */
async function cliStatus() {
  const result = await runCliIn(work, ['translations', '--content', 'content', '--format', 'json']);
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as {
    files: { id: string; source: string; counts: Record<string, number>; texts: { key: string; state: string }[] }[];
  };
}

beforeAll(async () => {
  ({ work, content, git } = await committedContent());
  studio = await startStudio({ content: 'content', cwd: work, port: 0, now: Date.parse('2026-11-27T12:00:00Z') });
  cookie = '';
  const opened = await send('GET', `/?token=${studio.secret}`);
  expect(opened.status).toBe(303);
  cookie = opened.cookie!;
});

afterAll(async () => {
  await studio?.close();
  await rm(work, { recursive: true, force: true });
});

describe('translations side by side', () => {
  it('lists every source file with translations, each counted as build-region translations counts it', async () => {
    const { status, answer } = await call<TranslationSourcesAnswer>('GET', '/api/translations');
    expect(status).toBe(200);
    const catalogue = answer.sources.find((s) => s.id === 'messages/en-US.yaml');
    expect(catalogue?.kind).toBe('messages');
    expect(catalogue?.translations.map((t) => [t.id, t.locale])).toEqual([
      ['messages/fr-FR.yaml', 'fr-FR'],
      ['messages/zh-CN.yaml', 'zh-CN'],
    ]);
    const page = answer.sources.find((s) => s.id === PAGE);
    expect(page?.translations).toEqual([{ id: FR, locale: 'fr-FR', current: 11, stale: 0, missing: 0, unrecorded: 0 }]);
    // The same counts as the command line's, file by file.
    const cli = await cliStatus();
    const ours = answer.sources.flatMap((s) => s.translations.map((t) => [t.id, [t.current, t.stale, t.missing, t.unrecorded]]));
    expect(Object.fromEntries(ours)).toEqual(
      Object.fromEntries(cli.files.map((f) => [f.id, [f.counts.current, f.counts.stale, f.counts.missing, f.counts.unrecorded]])),
    );
  });

  it("shows a page's texts by key, the source's beside each locale's, with its state", async () => {
    const answer = await sideBySide(PAGE);
    expect(answer.source.kind).toBe('page');
    expect(answer.source.texts.find((t) => t.key === 'heading')?.text).toBe('Black Friday deals');
    expect(answer.source.texts.map((t) => t.key)).toContain('sections.2.text');
    expect(answer.source.texts.find((t) => t.key === 'keywords')?.text).toMatch(/^Black Friday robot deals, Axlebot offers/);
    const [fr] = answer.translations;
    expect(fr).toMatchObject({ id: FR, language: 'fr', locale: 'fr-FR', name: 'French', unsaved: false });
    expect(fr!.hash).toBe(hashText(await readFile(path.join(content, FR), 'utf8')));
    expect(fr!.texts.heading).toEqual({ state: 'current', text: 'Le Black Friday chez Axlebot' });
  });

  it('shows a stale text with the source as it was when translated, from git, and the word diff to the source now', async () => {
    await replaceInFile(path.join(content, PAGE), 'heading: "Black Friday deals"', 'heading: "Black Friday offers of the year"');
    git('commit', '-qam', 'A new heading');
    const heading = (await sideBySide(PAGE)).translations[0]!.texts.heading!;
    expect(heading.state).toBe('stale');
    expect(heading.was).toEqual({
      found: true,
      text: 'Black Friday deals',
      diff: [
        { kind: 'same', text: 'Black Friday ' },
        { kind: 'removed', text: 'deals' },
        { kind: 'added', text: 'offers of the year' },
      ],
    });
  });

  it('says so, and guesses nothing, when no version in git has the text a translation was made from', async () => {
    await replaceInFile(
      path.join(content, 'messages/fr-FR.sources.json'),
      `"messages.nav.home": "${textFingerprint('Home')}"`,
      '"messages.nav.home": "0123456789ab"',
    );
    const home = (await sideBySide('messages/en-US.yaml')).translations.find((t) => t.id === 'messages/fr-FR.yaml')!.texts[
      'messages.nav.home'
    ]!;
    expect(home.state).toBe('stale');
    expect(home.was).toEqual({ found: false, reason: expect.stringContaining('The source as it was is not in git') });
  });

  it('writes one text as one changed line, marks it reviewed as translations mark would, and the command line says current', async () => {
    const before = await sideBySide(PAGE);
    const saved = await call<TranslationSaveAnswer>('PUT', '/api/translation', {
      id: FR,
      key: 'heading',
      text: 'Les offres Black Friday de l’année',
      base: before.translations[0]!.hash,
    });
    expect(saved.status, saved.answer.error).toBe(200);
    // Nothing to say of the text written (that it is stale, its state says).
    expect(saved.answer).toMatchObject({ saved: true, diagnostics: [] });
    expect(changedLines(FR)).toEqual(['-heading: "Le Black Friday chez Axlebot"', '+heading: "Les offres Black Friday de l’année"']);
    // The translation changed, not what it was made from: still stale until reviewed.
    expect((await sideBySide(PAGE)).translations[0]!.texts.heading).toMatchObject({
      state: 'stale',
      text: 'Les offres Black Friday de l’année',
    });
    const marked = await call<TranslationMarkAnswer>('POST', '/api/translation/mark', { id: FR, keys: ['heading'] });
    expect(marked.status, marked.answer.error).toBe(200);
    expect(marked.answer).toEqual({ sources: 'pages/black-friday/fr.sources.json', states: { heading: 'current' } });
    expect(changedLines('pages/black-friday/fr.sources.json')).toEqual([
      `-    "heading": "${textFingerprint('Black Friday deals')}",`,
      `+    "heading": "${textFingerprint('Black Friday offers of the year')}",`,
    ]);
    expect((await sideBySide(PAGE)).translations[0]!.texts.heading).toEqual({
      state: 'current',
      text: 'Les offres Black Friday de l’année',
    });
    const file = (await cliStatus()).files.find((f) => f.id === FR)!;
    expect(file.counts).toMatchObject({ current: 11, stale: 0 });
    expect(file.texts.map((t) => t.key)).not.toContain('heading');
    // What the studio recorded is byte for byte what the command line records for the file.
    const recorded = await readFile(path.join(content, 'pages/black-friday/fr.sources.json'), 'utf8');
    const mark = await runCliIn(work, ['translations', 'mark', FR, '--content', 'content']);
    expect(mark.status, mark.stderr).toBe(0);
    expect(await readFile(path.join(content, 'pages/black-friday/fr.sources.json'), 'utf8')).toBe(recorded);
  });

  it('writes a missing text where the source has it, then records it', async () => {
    await replaceInFile(path.join(content, 'messages/en-US.yaml'), '    menu: "Menu"\n', '    menu: "Menu"\n    shop: Shop\n');
    const before = await sideBySide('messages/en-US.yaml');
    const fr = before.translations.find((t) => t.id === 'messages/fr-FR.yaml')!;
    expect(fr.texts['messages.nav.shop']).toEqual({ state: 'missing' });
    const saved = await call<TranslationSaveAnswer>('PUT', '/api/translation', {
      id: fr.id,
      key: 'messages.nav.shop',
      text: 'Boutique',
      base: fr.hash,
    });
    expect(saved.status, saved.answer.error).toBe(200);
    expect(changedLines('messages/fr-FR.yaml')).toEqual(['+    shop: Boutique']);
    const after = (await sideBySide('messages/en-US.yaml')).translations.find((t) => t.id === fr.id)!;
    expect(after.texts['messages.nav.shop']).toEqual({ state: 'unrecorded', text: 'Boutique' });
    const marked = await call<TranslationMarkAnswer>('POST', '/api/translation/mark', { id: fr.id, keys: ['messages.nav.shop'] });
    expect(marked.answer.states).toEqual({ 'messages.nav.shop': 'current' });
    // The other records are left as they were: the fingerprint planted above is still there.
    expect(changedLines('messages/fr-FR.sources.json')).toEqual([
      `-    "messages.nav.home": "${textFingerprint('Home')}",`,
      '+    "messages.nav.home": "0123456789ab",',
      `+    "messages.nav.shop": "${textFingerprint('Shop')}",`,
    ]);
  });
});

describe('translations side by side refuses', () => {
  it('a key the source lacks, a file that is no translation, a text that is no string, a placeholder lost; nothing is written', async () => {
    const before = await readFile(path.join(content, FR), 'utf8');
    const base = hashText(before);
    const attempts: [unknown, number, string][] = [
      [{ id: FR, key: 'nope', text: 'x', base }, 400, `${PAGE} has no text 'nope'`],
      [
        { id: PAGE, key: 'heading', text: 'x', base: hashText(await readFile(path.join(content, PAGE), 'utf8')) },
        400,
        'is not a translation',
      ],
      [{ id: FR, key: 'heading', text: 42, base }, 400, "'text' must be a string"],
      [{ id: '../outside.yaml', key: 'heading', text: 'x', base }, 400, 'not a path inside the content folder'],
    ];
    // A placeholder is a token a translation keeps whole (the catalogue's {amount}).
    const catalogue = await readFile(path.join(content, 'messages/fr-FR.yaml'), 'utf8');
    const lost = await call<TranslationSaveAnswer>('PUT', '/api/translation', {
      id: 'messages/fr-FR.yaml',
      key: 'messages.product.perMonth',
      text: 'par mois',
      base: hashText(catalogue),
    });
    expect([lost.status, lost.answer.error]).toEqual([
      422,
      'Not saved: the translation lacks {amount}, which the source has. Keep every placeholder of the source, unchanged.',
    ]);
    expect(await readFile(path.join(content, 'messages/fr-FR.yaml'), 'utf8')).toBe(catalogue);
    for (const [body, status, error] of attempts) {
      const refused = await call<TranslationSaveAnswer>('PUT', '/api/translation', body);
      expect(refused.status, JSON.stringify(body)).toBe(status);
      expect(refused.answer.error).toContain(error);
    }
    for (const [body, error] of [
      [{ id: FR, keys: ['nope'] }, "has no text 'nope'"],
      [{ id: FR, keys: [] }, "'keys' is a list"],
      [{ id: PAGE, keys: ['heading'] }, 'is not a translation'],
    ] as const) {
      const refused = await call<TranslationMarkAnswer>('POST', '/api/translation/mark', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.answer.error).toContain(error);
    }
    expect((await call('GET', '/api/translations?source=pages/black-friday/fr.yaml')).status).toBe(404);
    expect((await call('GET', '/api/translations?source=pages/nope/en.yaml')).status).toBe(404);
    expect(await readFile(path.join(content, FR), 'utf8')).toBe(before);
  });

  it('a file changed on disk since it was shown (409 with the version on disk), or with unsaved edits in the studio', async () => {
    const shown = (await sideBySide(PAGE)).translations[0]!;
    const theirs = `${await readFile(path.join(content, FR), 'utf8')}# a colleague's line\n`;
    await writeFile(path.join(content, FR), theirs);
    const refused = await call<TranslationSaveAnswer>('PUT', '/api/translation', { id: FR, key: 'lead', text: 'x', base: shown.hash });
    expect(refused.status).toBe(409);
    expect(refused.answer).toEqual({ saved: false, conflict: { text: theirs, hash: hashText(theirs) } });
    expect(await readFile(path.join(content, FR), 'utf8')).toBe(theirs);
    // An edit kept in the studio's editor: the file is written from there, not from here.
    expect((await send('PUT', '/api/draft', { id: FR, text: `${theirs}# mine\n` })).status).toBe(200);
    const unsaved = await call('PUT', '/api/translation', { id: FR, key: 'lead', text: 'x', base: hashText(theirs) });
    expect(unsaved.status).toBe(409);
    expect(unsaved.answer.error).toContain('unsaved edits');
    expect((await send('PUT', '/api/draft', { id: FR, text: theirs })).status).toBe(200);
    expect((await sideBySide(PAGE)).translations[0]!.unsaved).toBe(false);
  });
});
