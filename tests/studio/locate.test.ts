import { readFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPrice } from '../../core/format.ts';
import type { LocateAnswer } from '../../studio/api.ts';
import { startStudio } from '../../studio/server/index.ts';
import type { Studio } from '../../studio/server/index.ts';
import { locateText, plainText } from '../../studio/server/locate.ts';
import { pricesOf } from '../../studio/server/locate-workspace.ts';
import { copyFixtureContent } from '../support/content.ts';

// Picking a text in the preview (docs/studio.md, "Preview"): the page sends the text clicked,
// and the studio finds the field it comes from. Asked of the fixture content through the API (a
// page's heading, a message, a price as us, fr and cn visitors read it, a text of the code's),
// and of the matching itself for a de price and the rules around it.

let studio: Studio;
let work: string;
let content: string;
let cookie: string;

function get(target: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: studio.port, path: target, headers: { Host: `127.0.0.1:${studio.port}`, Cookie: cookie, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function locate(text: string, region?: string, at?: string): Promise<LocateAnswer['hits']> {
  const query = new URLSearchParams({ text, ...(region && { region }), ...(at && { path: at }) });
  const reply = await get(`/api/locate?${query}`);
  expect(reply.status, reply.body).toBe(200);
  return (JSON.parse(reply.body) as LocateAnswer).hits;
}

/** The 1-based line of the first line of a file holding `text`. */
async function lineOf(id: string, text: string): Promise<number> {
  return (await readFile(path.join(content, id), 'utf8')).split('\n').findIndex((line) => line.includes(text)) + 1;
}

beforeAll(async () => {
  ({ work, content } = await copyFixtureContent());
  studio = await startStudio({ content: 'content', cwd: work, port: 0, now: Date.parse('2026-11-27T12:00:00Z') });
  cookie = await sessionCookie();
});

/** The session's cookie, as the printed address sets it. */
async function sessionCookie(): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: studio.port, path: `/?token=${studio.secret}`, headers: { Host: `127.0.0.1:${studio.port}` } },
      (res) => {
        res.resume();
        resolve(String(res.headers['set-cookie']).split(';')[0]!);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

afterAll(async () => {
  await studio?.close();
  await rm(work, { recursive: true, force: true });
});

describe('GET /api/locate', () => {
  it("finds a page's heading in the page's own file, at its field", async () => {
    const hits = await locate('Your first robot fits in your pocket', 'us', '/us/mini-robot');
    expect(hits[0]).toMatchObject({ id: 'pages/mini-robot/en.yaml', path: ['heading'], match: 'exact' });
    expect(hits[0]!.line).toBe(await lineOf('pages/mini-robot/en.yaml', 'heading: "Your first'));
    // The fr page's heading, in its translation.
    const fr = await locate('Megatron prend le commandement', 'fr', '/fr/flagship-megatron');
    expect(fr[0]).toMatchObject({ id: 'pages/flagship-megatron/fr.yaml', path: ['heading'] });
  });

  it("finds a message in the region's locale's messages, whatever the case the page shows it in", async () => {
    expect((await locate('BUY NOW', 'us', '/us/mini-robot'))[0]).toMatchObject({
      id: 'messages/en-US.yaml',
      path: ['messages', 'product', 'buy'],
      match: 'exact',
    });
    expect((await locate('Acheter', 'fr', '/fr/mini-robot'))[0]).toMatchObject({
      id: 'messages/fr-FR.yaml',
      path: ['messages', 'product', 'buy'],
    });
  });

  it('finds a price as the region formats it: the price or activityPrice of its products file, the page’s product first', async () => {
    const us = await locate('$1,299.00', 'us', '/us/flagship-bumblebee');
    expect(us[0]).toMatchObject({ id: 'regions/us/products.yaml', path: ['products', 'flagshipBumblebee', 'price'], match: 'price' });
    expect(us[0]!.line).toBe(await lineOf('regions/us/products.yaml', 'price: 1299'));
    // fr: a narrow no-break space groups the thousands; two products cost 1 599 €, the page's comes first.
    const shown = formatPrice(1599, 'fr-FR', 'EUR');
    expect(shown).toMatch(/^1\s599,00\s€$/u);
    expect((await locate(shown, 'fr', '/fr/flagship-megatron'))[0]!.path).toEqual(['products', 'flagshipMegatron', 'price']);
    expect((await locate(shown, 'fr', '/fr/flagship-bumblebee'))[0]!.path).toEqual(['products', 'flagshipBumblebee', 'price']);
    // Inside a longer text: the activity price.
    const offer = await locate(`Prix promotionnel : ${formatPrice(1439, 'fr-FR', 'EUR')}`, 'fr', '/fr/flagship-megatron');
    expect(offer[0]).toMatchObject({
      id: 'regions/fr/products.yaml',
      path: ['products', 'flagshipMegatron', 'activityPrice'],
      match: 'price',
    });
    // cn's yuan.
    expect((await locate(formatPrice(9999, 'zh-CN', 'CNY'), 'cn'))[0]!.path).toEqual(['products', 'flagshipMegatron', 'price']);
  });

  it('finds nothing for a text the content does not hold, and refuses an overlong text', async () => {
    expect(await locate('Made by the code 4711 xq', 'us', '/us/')).toEqual([]);
    expect(await locate('   ', 'us')).toEqual([]);
    expect((await get(`/api/locate?text=${'a'.repeat(700)}`)).status).toBe(400);
  });
});

describe('locateText', () => {
  const products = `products:\n  flagshipBumblebee:\n    price: 1599\n  flagshipMegatron:\n    price: 1299\n    activityPrice: 1199\n`;
  const files = [
    { id: 'regions/de/products.yaml', text: products },
    { id: 'messages/de-DE.yaml', text: 'messages:\n  product:\n    featured: "Entdecke {name}"\n    offer: "Aktionspreis:"\n' },
    {
      id: 'pages/home/de.yaml',
      text: 'title: "Roboter"\nheading: "Roboter, die sich verwandeln"\nlead: "Roboter, die sich verwandeln und lernen."\n',
    },
  ];
  const data = {
    code: 'de',
    locale: 'de-DE',
    currency: 'EUR',
    stages: {},
    products: {},
    routes: [{ path: '/de/flagship-megatron', product: 'flagshipMegatron' }],
  } as unknown as Parameters<typeof pricesOf>[0];
  const prices = pricesOf(data, files, '/de/flagship-megatron', 0);

  it('reads a de price as "1.299,00 €", alone or inside a sentence, and no other price that ends alike', () => {
    expect(prices.map((p) => p.shown.replace(/\s/gu, ' '))).toEqual(['1.599,00 €', '1.299,00 €', '1.199,00 €']);
    expect(locateText({ text: '1.299,00 €', files, prices })[0]).toMatchObject({
      path: ['products', 'flagshipMegatron', 'price'],
      line: 5,
    });
    expect(locateText({ text: 'Aktionspreis: 1.199,00 €', files, prices })[0]).toMatchObject({
      path: ['products', 'flagshipMegatron', 'activityPrice'],
      match: 'price',
    });
    expect(locateText({ text: '11.299,00 €', files, prices }).filter((hit) => hit.match === 'price')).toEqual([]);
  });

  it('prefers the same text over a part, the page’s files over others, and fills in a message', () => {
    const heading = locateText({ text: 'Roboter, die sich  verwandeln', files, pageFiles: ['pages/home/de.yaml'] });
    // The head's title is a part of the text too, but no visitor sees it in the page: last.
    expect(heading.map((hit) => [hit.path[0], hit.match])).toEqual([
      ['heading', 'exact'],
      ['lead', 'part'],
      ['title', 'part'],
    ]);
    expect(locateText({ text: 'Entdecke Flagship Megatron', files })[0]).toMatchObject({
      path: ['messages', 'product', 'featured'],
      match: 'template',
    });
    expect(plainText('1\u202f599,00\u00a0€')).toBe('1 599,00 €');
  });
});
