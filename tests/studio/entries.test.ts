import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStudio } from '../../studio/server/index.ts';
import type { Studio } from '../../studio/server/index.ts';
import type { EntryAnswer, EntryRequest } from '../../studio/api.ts';
import { runCliIn } from '../support/cli.ts';
import { committedContent } from '../support/content.ts';

// New entries in the studio (docs/studio.md, "New entries"): a product, a page, a copy of either
// into other regions. Each is planned and checked before anything is written; written, `git diff`
// shows only the lines added, and the compiler's own `--check` (the CLI) passes on the result.

let studio: Studio;
let work: string;
let content: string;
let cookie: string;
let git: Awaited<ReturnType<typeof committedContent>>['git'];
const NOW = '2026-11-27T12:00:00Z';

function post(target: string, body: unknown): Promise<{ status: number; body: string }> {
  const origin = `http://127.0.0.1:${studio.port}`;
  const headers = { Host: `127.0.0.1:${studio.port}`, Cookie: cookie, 'Content-Type': 'application/json', Origin: origin };
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: studio.port, path: target, method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
}

async function entry(req: EntryRequest, write = false): Promise<{ status: number; answer: EntryAnswer & { error?: string } }> {
  const reply = await post('/api/entry', { request: req, write });
  return { status: reply.status, answer: JSON.parse(reply.body) as EntryAnswer & { error?: string } };
}

/** `git diff` of the working tree: the lines added and removed, without the headers. */
function changedLines(): { added: string[]; removed: string[] } {
  const diff = git('diff', '--unified=0').stdout.split('\n');
  return {
    added: diff.filter((l) => l.startsWith('+') && !l.startsWith('+++')).map((l) => l.slice(1)),
    removed: diff.filter((l) => l.startsWith('-') && !l.startsWith('---')).map((l) => l.slice(1)),
  };
}

const read = (id: string) => readFile(path.join(content, id), 'utf8');
const frProduct = async (key: string) =>
  (parse(await read('regions/fr/products.yaml')) as { products: Record<string, unknown> }).products[key];
/** The product a new entry makes in fr, at `price`: out of stock, with no shop link yet. */
const scoutRover = (price: number) => ({
  name: 'Scout Rover',
  link: '/fr/scout-rover',
  buy: '',
  alt: 'Scout Rover',
  price,
  stock: 0,
  isPreSale: false,
});

beforeAll(async () => {
  ({ work, content, git } = await committedContent());
  studio = await startStudio({ content: 'content', cwd: work, port: 0, now: Date.parse(NOW) });
  const opened = await new Promise<string>((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port: studio.port,
      path: `/?token=${studio.secret}`,
      headers: { Host: `127.0.0.1:${studio.port}` },
    });
    req.on('response', (res) => resolve(String(res.headers['set-cookie']).split(';')[0]!));
    req.on('error', reject);
    req.end();
  });
  cookie = opened;
});

beforeEach(() => {
  // Each case starts from the committed content (the studio sees the disk anew at its next compile).
  git('checkout', '-q', '--', '.');
  git('clean', '-qfd');
});

afterAll(async () => {
  await studio?.close();
});

describe('a new entry in the studio', () => {
  it('copies a page into other regions: one route line each, with every language the page has, and --check passes', async () => {
    const req: EntryRequest = { kind: 'copy', from: 'us', page: 'faq', to: ['fr', 'cn'] };
    const planned = await entry(req);
    expect(planned.status).toBe(200);
    expect(planned.answer.changes.map((c) => c.id).sort()).toEqual(['regions/cn/region.yaml', 'regions/fr/region.yaml']);
    // The page has English text only: both regions show it in English until it is translated.
    expect(planned.answer.notes).toContain('fr: /fr/faq shows pages/faq/en.yaml in English until it is translated into fr-FR.');
    expect(planned.answer.notes).toContain('cn: /faq shows pages/faq/en.yaml in English until it is translated into zh-CN.');
    expect(planned.answer.newErrors).toBe(0);
    // A plan writes nothing.
    expect(git('status', '--porcelain').stdout).toBe('');

    const written = await entry(req, true);
    expect(written.answer.written).toBe(true);
    const { added, removed } = changedLines();
    expect(removed).toEqual([]);
    // Each written as the list's last item is: cn's in block style, fr's in flow style.
    expect(added).toEqual(['  - page: faq', '    kind: faq', '  - { page: faq, kind: faq }']);
    const check = await runCliIn(work, ['--check', '--now', NOW]);
    expect(check.status, check.stdout + check.stderr).toBe(0);
  });

  it("copies a product page with its product: the region's price asked for, link moved, texts to translate said", async () => {
    // A product made in us with its page, then copied into fr.
    const made = await entry(
      { kind: 'product', region: 'us', key: 'scoutRover', name: 'Scout Rover', price: 249, page: 'scout-rover' },
      true,
    );
    expect(made.status).toBe(200);
    const req: EntryRequest = { kind: 'copy', from: 'us', page: 'scout-rover', to: ['fr'] };
    // Planned, the answer says what is missing; written, it is refused.
    const unpriced = await entry(req);
    expect(unpriced.answer.problem).toBe("Refused: 'price in fr' is a price above 0 in the region's currency.");
    const refused = await entry(req, true);
    expect([refused.status, refused.answer.error]).toEqual([400, unpriced.answer.problem]);

    const written = await entry({ ...req, prices: { fr: 259 } }, true);
    expect(written.status).toBe(200);
    expect(written.answer.notes).toEqual([
      "fr: scoutRover's name and alt text are us's (en-US): translate them into fr-FR.",
      'fr: /fr/scout-rover shows pages/scout-rover/en.yaml in English until it is translated into fr-FR.',
    ]);
    expect(await frProduct('scoutRover')).toEqual(scoutRover(259));
    const routes = (parse(await read('regions/fr/region.yaml')) as { routes: { page: string }[] }).routes;
    expect(routes.filter((r) => r.page === 'scout-rover')).toEqual([{ page: 'scout-rover', product: 'scoutRover', scroll: 'banner' }]);
    expect(changedLines().removed).toEqual([]);
    const check = await runCliIn(work, ['--check', '--now', NOW]);
    expect(check.status, check.stdout + check.stderr).toBe(0);

    // A page whose product the region sells already keeps the region's own product.
    const kept = await entry({ kind: 'copy', from: 'us', page: 'ai-base', to: ['cn'] });
    expect(kept.answer.changes.map((c) => c.id)).toEqual(['regions/cn/region.yaml']);
    expect(kept.answer.notes[0]).toBe("cn: sells aiBase already; its page shows cn's product.");
  });

  it("makes a product with its own page in the region's language, and the sites still build", async () => {
    const req: EntryRequest = { kind: 'product', region: 'fr', key: 'scoutRover', name: 'Scout Rover', price: 249, page: 'scout-rover' };
    const written = await entry(req, true);
    expect(written.status).toBe(200);
    expect(written.answer.open).toBe('regions/fr/products.yaml');
    expect(git('status', '--porcelain').stdout.split('\n').filter(Boolean).sort()).toEqual([
      ' M content/regions/fr/products.yaml',
      ' M content/regions/fr/region.yaml',
      '?? content/pages/scout-rover/',
    ]);
    const page = parse(await read('pages/scout-rover/fr.yaml')) as Record<string, unknown>;
    expect(page).toEqual({ title: 'Scout Rover', description: 'Scout Rover', heading: 'Scout Rover' });
    expect(await frProduct('scoutRover')).toEqual(scoutRover(249));
    const check = await runCliIn(work, ['--check', '--now', NOW]);
    expect(check.status, check.stdout + check.stderr).toBe(0);
  });

  it('refuses, writing nothing: a key taken, a bad name, a file with unsaved edits, an entry that breaks the build', async () => {
    const taken = await entry({ kind: 'product', region: 'us', key: 'miniRobot', name: 'Mini', price: 1 }, true);
    expect([taken.status, taken.answer.error]).toEqual([409, "Region us sells a product 'miniRobot' already."]);
    const bad = await entry({ kind: 'product', region: 'us', key: 'Mini Robot', name: 'Mini', price: 1 }, true);
    expect(bad.status).toBe(400);
    expect(bad.answer.error).toMatch(/is not a product key/);
    const nowhere = await entry({ kind: 'copy', from: 'us', page: 'faq', to: ['xx'] }, true);
    expect([nowhere.status, nowhere.answer.error]).toEqual([404, "No region 'xx' in the content."]);

    // A page named as an account screen (E0224): planned with its error, and not written.
    const login: EntryRequest = {
      kind: 'page',
      page: 'login',
      regions: ['us'],
      language: 'en',
      title: 'Log in',
      description: 'Log in.',
      heading: 'Log in',
    };
    const planned = await entry(login);
    expect(planned.answer.newErrors, JSON.stringify(planned.answer).slice(0, 600)).toBeGreaterThan(0);
    expect(planned.answer.diagnostics.map((d) => d.code)).toContain('E0224');
    const refused = await entry(login, true);
    expect(refused.status).toBe(422);
    expect(refused.answer.error).toMatch(/^Nothing written: the entry would break the build \(E0224: /);
    expect(git('status', '--porcelain').stdout).toBe('');

    // The region file has an unsaved edit in the studio: the entry waits for it.
    const text = await read('regions/fr/region.yaml');
    expect((await post('/api/check', { id: 'regions/fr/region.yaml', text: `${text}# note\n` })).status).toBe(200);
    const waiting = await entry({ kind: 'copy', from: 'us', page: 'faq', to: ['fr'] }, true);
    expect([waiting.status, waiting.answer.error]).toEqual([
      409,
      'regions/fr/region.yaml has unsaved changes in the studio: save them or drop them, then make the new entry.',
    ]);
    expect((await post('/api/check', { id: 'regions/fr/region.yaml', text })).status).toBe(200);
    expect(git('status', '--porcelain').stdout).toBe('');
  });
});
