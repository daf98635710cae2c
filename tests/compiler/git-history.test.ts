import { execFileSync } from 'node:child_process';
import { appendFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cacheStats,
  checkContent,
  compileContent,
  renderSitemap,
  historyOf,
  lastChanges,
  contentAtRevision,
  visibleChanges,
} from '../../generator/index.ts';
import { priorPrice, priorPrices, reductionsOf } from '../../generator/resolve/products/prior-prices.ts';
import type { PriceHistory } from '../../generator/resolve/products/prior-prices.ts';
import { copyContent, replaceInFile, setYamlValue, yamlValue } from '../support/content.ts';

/**
 * What the build reads from the content's git history (docs/market.md, issue 28): prior prices
 * (each reduction in a market with `priorPrice` is announced against the lowest price of the 30
 * days before it began, Directive 98/6/EC, article 6a) and the sitemap's lastmod.
 */
const DAY = 24 * 60 * 60_000;
const at = (date: string) => Date.parse(`${date}T00:00:00Z`);

describe('the prior price of a reduction (pure)', () => {
  // 1599, lowered to 1399 for 20 days, raised back, lowered again 5 days later, then 45 days after that.
  const instants = [at('2026-02-10'), at('2026-03-02'), at('2026-03-07'), at('2026-03-20'), at('2026-05-04')];
  const product = { price: 1599, activityPrice: 1399, activityTime: { stages: 'spring', stage: [1, 3, 5] } };
  const history: PriceHistory = { versions: [{ from: -Infinity, products: { bot: product }, stages: { spring: instants } }] };

  it('finds each run of stages as one reduction', () => {
    expect(reductionsOf(product, { spring: instants })).toEqual([
      { start: instants[0], end: instants[1] },
      { start: instants[2], end: instants[3] },
      { start: instants[4] },
    ]);
    expect(reductionsOf({ ...product, activityTime: { stages: 'spring', stage: [1, 2, 3] } }, { spring: instants })).toEqual([
      { start: instants[0], end: instants[3] },
    ]);
  });

  it('takes the lowest price of the 30 days before each reduction: the first against 1599, the second against the first, the third against 1599 again', () => {
    expect(priorPrices(history, 'bot').map(({ result }) => result.price)).toEqual([1599, 1399, 1599]);
    // The instant the period starts counts; one millisecond before the first reduction is still 1599.
    expect(priorPrice(history, 'bot', instants[0]! + 30 * DAY).price).toBe(1399);
    expect(priorPrice(history, 'bot', instants[1]! + 30 * DAY).price).toBe(1399);
    expect(priorPrice(history, 'bot', instants[1]! + 30 * DAY + 1).price).toBe(1399);
    expect(priorPrice(history, 'bot', instants[3]! + 30 * DAY).price).toBe(1599);
  });

  it('prices each instant by the version of the content in force then', () => {
    const versions: PriceHistory = {
      versions: [
        { from: -Infinity, products: { bot: { price: 1699 } }, stages: {} },
        { from: at('2026-02-20'), products: { bot: { price: 1499 } }, stages: {} },
        {
          from: at('2026-03-10'),
          products: { bot: { price: 1599, activityPrice: 1399, activityTime: { startTime: at('2026-03-12') } } },
          stages: {},
        },
      ],
    };
    expect(priorPrices(versions, 'bot')).toEqual([
      { reduction: { start: at('2026-03-12') }, result: { price: 1499, from: at('2026-03-12') - 30 * DAY, to: at('2026-03-12') } },
    ]);
  });
});

/** A copy of the real content in a git repository of its own, whose commits have the dates given. */
async function repository() {
  const { work, content } = await copyContent();
  const git = (args: string[], date?: string) =>
    execFileSync('git', args, {
      cwd: work,
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'Test',
        GIT_AUTHOR_EMAIL: 'test@example.com',
        GIT_COMMITTER_NAME: 'Test',
        GIT_COMMITTER_EMAIL: 'test@example.com',
        ...(date && { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date }),
      },
    }).toString();
  git(['init', '-q', '-b', 'main']);
  const commit = (date: string) => {
    git(['add', '-A']);
    git(['commit', '-q', '-m', `content of ${date}`], `${date}T00:00:00Z`);
  };
  const products = path.join(content, 'regions', 'de', 'products.yaml');
  return { work, content, git, commit, products };
}

const repositories: string[] = [];
afterAll(async () => {
  for (const dir of repositories) await rm(dir, { recursive: true, force: true });
});

/**
 * Sets de's Flagship Bumblebee's regular price, with a reduction from `from` when one is given
 * (none otherwise), whatever figures the content has: the prices these tests follow are their own.
 */
async function priceBumblebee(products: string, price: number, reduction?: { price: number; from: string }): Promise<void> {
  await setYamlValue(products, ['products', 'flagshipBumblebee'], (product: unknown) => {
    const { activityPrice: _price, activityTime: _time, ...rest } = product as Record<string, unknown>;
    return { ...rest, price, ...(reduction && { activityPrice: reduction.price, activityTime: { startTime: reduction.from } }) };
  });
}

const bumblebee = (compiled: Awaited<ReturnType<typeof compileContent>>, code = 'de') =>
  compiled.model.regions.find((r) => r.data.code === code)!.data.products.flagshipBumblebee!;

describe('prior prices from the git history (de announces them, us does not)', () => {
  it('counts a regular price changed in an earlier commit, and shows each change in build-region diff', async () => {
    const repo = await repository();
    repositories.push(repo.work);
    await priceBumblebee(repo.products, 1599);
    repo.commit('2026-01-01');
    // Lowered to 1499 on 20 February, back to 1599 on 10 March with a reduction to 1399 from 12 March.
    await priceBumblebee(repo.products, 1499);
    repo.commit('2026-02-20');
    await priceBumblebee(repo.products, 1599, { price: 1399, from: '2026-03-12T00:00:00+00:00' });
    repo.commit('2026-03-10');
    const now = at('2026-03-15');
    const compiled = await compileContent({ content: repo.content, cwd: repo.work, now, cache: false });
    expect(compiled.diagnostics.filter((d) => d.code.startsWith('W030'))).toEqual([]);
    expect(bumblebee(compiled).priorPrices).toEqual([{ start: at('2026-03-12'), price: 1499 }]);
    // Markets without the rule carry none.
    expect(compiled.model.regions.find((r) => r.data.code === 'us')!.data.products.flagshipMegatron!.priorPrices).toBeUndefined();

    // The commit before, as build-region diff compiles it (with that commit's history): no reduction yet.
    const old = await contentAtRevision(repo.content, 'HEAD~1');
    try {
      const before = await compileContent({ content: old.dir, cwd: repo.work, now, cache: false, history: old.history });
      expect(bumblebee(before).priorPrices).toBeUndefined();
      const lines = visibleChanges(before, compiled, now)
        .filter((c) => c.region === 'de')
        .map((c) => c.change);
      // As German visitors read it (1.499,00 €), under the product's name.
      const name = (await yamlValue(repo.products, ['products', 'flagshipBumblebee', 'name'])) as string;
      const literal = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      expect(lines).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^prior price of ${literal} \\(lowest of the 30 days before its reduction from 12 Mar 2026, 01:00 \\(UTC\\+01:00\\)\\) added: 1\\.499(,00)?\\s€$`,
          ),
        ),
      );
    } finally {
      await old.dispose();
    }
  });

  it('keeps the versions it read in the build cache: the same prices from it, a new commit or an edit read anew', async () => {
    const repo = await repository();
    repositories.push(repo.work);
    await priceBumblebee(repo.products, 1599);
    repo.commit('2026-01-01');
    await priceBumblebee(repo.products, 1499);
    repo.commit('2026-02-20');
    await priceBumblebee(repo.products, 1599, { price: 1399, from: '2026-03-12T00:00:00+00:00' });
    repo.commit('2026-03-10');
    const cache = path.join(repo.work, 'cache');
    const compile = () => compileContent({ content: repo.content, cwd: repo.work, now: at('2026-03-15'), cache });
    const uncached = await compileContent({ content: repo.content, cwd: repo.work, now: at('2026-03-15'), cache: false });
    expect(bumblebee(uncached).priorPrices).toEqual([{ start: at('2026-03-12'), price: 1499 }]);
    const first = await compile();
    // One history a region with prior prices (de, fr, eu), each read from git once.
    const read = cacheStats(cache).history!;
    expect(read.hits).toBe(0);
    expect(read.misses).toBeGreaterThanOrEqual(1);
    // An edit elsewhere: the content is compiled again, its history comes from the cache.
    await appendFile(path.join(repo.content, 'regions', 'de', 'region.yaml'), '# edited\n');
    const second = await compile();
    expect(cacheStats(cache).history).toEqual({ hits: read.misses, misses: read.misses });
    expect(bumblebee(second).priorPrices).toEqual(bumblebee(first).priorPrices);
    expect(bumblebee(second).priorPrices).toEqual(bumblebee(uncached).priorPrices);
    // An edit not committed yet is still seen as one (the cache keeps the newest commit's hashes).
    await setYamlValue(repo.products, ['products', 'flagshipBumblebee', 'price'], 1449);
    expect(bumblebee(await compile()).priorPrices).toEqual([{ start: at('2026-03-12'), price: 1499 }]);
    expect((await compile()).model.regions.find((r) => r.data.code === 'de')!.data.products.flagshipBumblebee!.price).toBe(1449);
    // A new commit is a new history: 1449 from 13 March, and a new reduction from 20 April is announced against it.
    await setYamlValue(repo.products, ['products', 'flagshipBumblebee', 'activityTime', 'startTime'], '2026-04-20T00:00:00+00:00');
    repo.commit('2026-03-13');
    const later = await compileContent({ content: repo.content, cwd: repo.work, now: at('2026-04-21'), cache });
    expect(bumblebee(later).priorPrices).toEqual([{ start: at('2026-04-20'), price: 1449 }]);
  });

  it('takes an edit not committed yet as made at the build instant', async () => {
    const repo = await repository();
    repositories.push(repo.work);
    await priceBumblebee(repo.products, 1599, { price: 1399, from: '2026-06-01T00:00:00+00:00' });
    repo.commit('2026-01-01');
    // Not committed: the regular price goes down to 1449 as of the build's instant (20 May).
    await setYamlValue(repo.products, ['products', 'flagshipBumblebee', 'price'], 1449);
    const compiled = await compileContent({ content: repo.content, cwd: repo.work, now: at('2026-05-20'), cache: false });
    expect(bumblebee(compiled).priorPrices).toEqual([{ start: at('2026-06-01'), price: 1449 }]);
  });

  it('warns at the price of a product on sale for less than 30 days before its reduction (W0306), or not at all', async () => {
    const repo = await repository();
    repositories.push(repo.work);
    repo.commit('2026-01-01');
    // A product new to de on 1 April, reduced from 8 April; another reduced from the moment it appears.
    const added = (key: string, start: string) =>
      `\n  ${key}:\n    name: "${key}"\n    link: https://shop.example.com/de/${key}\n    buy: "https://shop.example.com/de/${key}"\n    alt: "${key}"\n    price: 299\n    activityPrice: 249\n    activityTime: { startTime: "${start}" }\n    stock: 5\n    isPreSale: false\n`;
    await replaceInFile(
      repo.products,
      'products:\n',
      `products:${added('newBot', '2026-04-08T00:00:00+00:00')}${added('instantBot', '2026-04-01T00:00:00+00:00')}`,
    );
    repo.commit('2026-04-01');
    const compiled = await compileContent({ content: repo.content, cwd: repo.work, now: at('2026-04-10'), cache: false });
    const warnings = compiled.diagnostics.filter((d) => d.code === 'W0306');
    expect(warnings.map((d) => [d.file, d.message])).toEqual([
      [
        path.join('content', 'regions', 'de', 'products.yaml'),
        "'newBot' has been on sale only since 2026-04-01T00:00:00.000Z, less than 30 days before its reduction from 2026-04-08T00:00:00.000Z: its prior price is the lowest since then",
      ],
      [
        path.join('content', 'regions', 'de', 'products.yaml'),
        "'instantBot' was not on sale in the 30 days before its reduction from 2026-04-01T00:00:00.000Z: there is no prior price, so the reduced price is shown without one and without a struck-through price",
      ],
    ]);
    // Each at the product's price (in the file's order).
    const text = compiled.sources.get(warnings[0]!.file)!.split('\n');
    expect(text[warnings[0]!.line - 1]).toMatch(/^\s+price: 299$/);
    const products = compiled.model.regions.find((r) => r.data.code === 'de')!.data.products;
    expect(products.newBot!.priorPrices).toEqual([{ start: at('2026-04-08'), price: 299 }]);
    expect(products.instantBot!.priorPrices).toBeUndefined();
  });

  it('warns in a shallow clone whose history does not reach 30 days back (W0305), and not once it has the whole history', async () => {
    const repo = await repository();
    repositories.push(repo.work);
    await priceBumblebee(repo.products, 1599);
    // Flagship Megatron reduced since 2025, long before this clone's history begins.
    await setYamlValue(repo.products, ['products', 'flagshipMegatron'], (product: unknown) => ({
      ...(product as Record<string, unknown>),
      price: 1599,
      activityPrice: 1439,
      activityTime: { startTime: '2025-09-22T07:00:00+08:00' },
    }));
    repo.commit('2026-01-01');
    await priceBumblebee(repo.products, 1599, { price: 1399, from: '2026-05-10T00:00:00+00:00' });
    repo.commit('2026-05-01');
    const clone = path.join(repo.work, 'clone');
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${repo.work}`, clone]);
    const shallow = await compileContent({ content: path.join(clone, 'content'), cwd: clone, now: at('2026-05-12'), cache: false });
    expect(shallow.diagnostics.filter((d) => d.code === 'W0305' && d.message.includes('flagshipBumblebee')).map((d) => d.message)).toEqual([
      "the price of 'flagshipBumblebee' before 2026-05-01T00:00:00.000Z is unknown to this clone (a shallow history), so the prior price of its reduction from 2026-05-10T00:00:00.000Z is the lowest since 2026-05-01T00:00:00.000Z only",
    ]);
    // Flagship Megatron's reduction, running since 2025, is older than the whole of this clone's
    // history: its prior price is unknown (not "not on sale"), and it is shown without one.
    const megatron = shallow.diagnostics.filter((d) => d.message.includes("'flagshipMegatron'"));
    expect(megatron.map((d) => d.file)).toContain(path.join('content', 'regions', 'de', 'products.yaml'));
    expect(new Set(megatron.map((d) => `${d.code}: ${d.message}`))).toEqual(
      new Set([
        "W0305: the price of 'flagshipMegatron' in the 30 days before its reduction from 2025-09-21T23:00:00.000Z is unknown to this clone (a shallow history from 2026-05-01T00:00:00.000Z): the reduced price is shown without a prior price",
      ]),
    );
    // A --check answered from its cache sees the history change too (the clone's state is part of its key).
    const check = () =>
      checkContent({ content: path.join(clone, 'content'), cwd: clone, now: at('2026-05-12'), cache: path.join(repo.work, 'check-cache') });
    expect((await check()).diagnostics.some((d) => d.code === 'W0305')).toBe(true);
    expect((await check()).cached).toBe(true);
    execFileSync('git', ['fetch', '-q', '--unshallow'], { cwd: clone });
    const whole = await compileContent({ content: path.join(clone, 'content'), cwd: clone, now: at('2026-05-12'), cache: false });
    expect(whole.diagnostics.filter((d) => d.code.startsWith('W030'))).toEqual([]);
    const rechecked = await check();
    expect(rechecked.cached).toBe(false);
    expect(rechecked.diagnostics.filter((d) => d.code.startsWith('W030'))).toEqual([]);
    expect(bumblebee(whole).priorPrices).toEqual([{ start: at('2026-05-10'), price: 1599 }]);
  });
});

describe("the sitemap's lastmod, from the git history", () => {
  it('dates each page by the newest commit of the files it is made from, and an uncommitted edit by the build', async () => {
    const repo = await repository();
    repositories.push(repo.work);
    repo.commit('2026-01-01');
    await setYamlValue(repo.products, ['products', 'flagshipBumblebee', 'price'], (price: unknown) => (price as number) - 100);
    repo.commit('2026-02-01');
    const now = at('2026-03-01');
    const lastmod = async () => {
      const compiled = await compileContent({ content: repo.content, cwd: repo.work, now, cache: false });
      const sitemap = renderSitemap(compiled.model, now, await lastChanges(await historyOf(repo.content), now));
      return (loc: string) => new RegExp(`<loc>${loc}</loc>\\n\\s*<lastmod>([^<]+)</lastmod>`).exec(sitemap)?.[1];
    };
    let of = await lastmod();
    // A product page of de: its products.yaml changed on 1 February; its text, and the pages of us, on 1 January.
    expect(of('https://www.example.com/de/flagship-bumblebee')).toBe('2026-02-01T00:00:00.000Z');
    expect(of('https://www.example.com/us/flagship-bumblebee')).toBe('2026-01-01T00:00:00.000Z');
    expect(of('https://www.example.com/de/manuals')).toBe('2026-01-01T00:00:00.000Z');
    await setYamlValue(
      path.join(repo.content, 'pages', 'manuals', 'de.yaml'),
      ['heading'],
      (heading: unknown) => `Neue ${heading as string}`,
    );
    of = await lastmod();
    expect(of('https://www.example.com/de/manuals')).toBe('2026-03-01T00:00:00.000Z');
    // Outside git there is no lastmod at all.
    const { work, content } = await copyContent();
    repositories.push(work);
    const compiled = await compileContent({ content, cwd: work, now, cache: false });
    expect(renderSitemap(compiled.model, now, await lastChanges(await historyOf(content), now))).not.toContain('<lastmod>');
  });
});
