import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cacheStats, compileContent, contentAtRevision, diffContent, openRevision, PACKAGE_ROOT } from '../../generator/index.ts';
import { main } from '../../generator/cli.ts';
import { textFingerprint } from '../../generator/translations/index.ts';
import { deleteYamlValue, replaceInFile, setYamlValue, yamlValue } from '../support/content.ts';

/**
 * `build-region diff <revision>` (issue 19): what visitors see change between the content at a
 * git revision and the working tree, on pairs of content trees in a repository of their own.
 */
const run = promisify(execFile);
const NOW = '2026-11-24T00:00:00Z';
const work = await mkdtemp(path.join(os.tmpdir(), 'robot-sites-diff-'));
const content = path.join(work, 'content');
afterAll(() => rm(work, { recursive: true, force: true }));

const git = (...args: string[]) =>
  run('git', ['-c', 'user.email=maintainer@example.com', '-c', 'user.name=Maintainer', ...args], { cwd: work });

beforeAll(async () => {
  await cp(path.join(PACKAGE_ROOT, 'content'), content, { recursive: true });
  await git('init', '-q');
  await git('add', '-A');
  await git('commit', '-qm', 'the content as published');
  await git('tag', 'published');
});

// Each test starts from the committed content.
beforeEach(async () => {
  await git('reset', '-q', '--hard', 'published');
  await git('clean', '-qfd');
});

/**
 * Sets values in the commit the diff compares with (by amending it), so that a test states the
 * figures it reads back (prices, instants) itself rather than relying on the content's.
 */
async function publish(edit: () => Promise<unknown>): Promise<void> {
  await edit();
  await git('commit', '-qa', '--amend', '--no-edit');
}

/** A text as a change line quotes it (generator/diff/words.ts): in double quotes, cut after 77 characters. */
const shown = (text: unknown) => {
  const quoted = `"${String(text)}"`;
  return quoted.length > 80 ? `${quoted.slice(0, 77)}...` : quoted;
};

/** A text to match literally in a regular expression. */
const literally = (text: unknown) => String(text).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A product without an offer, at this price. */
const withoutOffer =
  (price: number) =>
  ({ activityPrice: _price, activityTime: _time, ...product }: Record<string, unknown>) => ({ ...product, price });

async function diff(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const status = await main(['diff', 'HEAD', '--content', 'content', '--now', NOW, ...args], {
    cwd: work,
    isTTY: false,
    env: {},
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
  });
  return { status, stdout, stderr };
}

async function changes(): Promise<string[]> {
  const { status, stdout, stderr } = await diff('--format', 'json');
  expect(status, stderr).toBe(0);
  return (JSON.parse(stdout) as { changes: { region: string; section: string; change: string }[] }).changes.map(
    (c) => `${c.region} | ${c.section} | ${c.change}`,
  );
}

const usRegion = path.join(content, 'regions/us/region.yaml');
const usProducts = path.join(content, 'regions/us/products.yaml');
const faq = path.join(content, 'pages/faq/en.yaml');
const enUS = path.join(content, 'messages/en-US.yaml');

describe('build-region diff', () => {
  it('says "No visible change." for comments and formatting only', async () => {
    const currency = await yamlValue(usRegion, ['currency']);
    await replaceInFile(usRegion, `currency: ${currency}`, `currency: "${currency}" # dollars`);
    await replaceInFile(faq, 'sections:', '# the questions, most asked first\nsections:');
    await replaceInFile(path.join(content, 'regions/uk/products.yaml'), ': ', ':   ');
    expect(await diff()).toEqual({ status: 0, stdout: 'No visible change.\n', stderr: '' });
    expect((await diff('--format', 'markdown')).stdout).toBe('### What visitors see change since HEAD\n\nNo visible change.\n');
  });

  it('lists a price, a banner, a page head, a text and a catalogue text, in the regions that show them', async () => {
    const product = ['products', 'toyStoryBuzzLightyear'];
    const frSources = path.join(content, 'messages/fr-FR.sources.json');
    await publish(async () => {
      await setYamlValue(usProducts, product, withoutOffer(699));
      // fr's tagline translated from the tagline as it reads (current), so that the edit below makes it stale.
      const sources = JSON.parse(await readFile(frSources, 'utf8')) as { texts: Record<string, string> };
      sources.texts['messages.site.tagline'] = textFingerprint(String(await yamlValue(enUS, ['messages', 'site', 'tagline'])));
      await writeFile(frSources, `${JSON.stringify(sources, null, 2)}\n`);
    });
    await setYamlValue(usProducts, [...product, 'price'], 689);
    const name = await yamlValue(usProducts, [...product, 'name']);
    const label = await setYamlValue(usRegion, ['textBanner', 'label'], 'The Mini Robot has landed.');
    const title = await setYamlValue(faq, ['title'], 'FAQ, answered | Axlebot Robotics');
    const question = await yamlValue(faq, ['sections', 0, 'heading']);
    const answer = await setYamlValue(faq, ['sections', 0, 'text'], 'A full battery gives roughly 50 to 90 minutes of active play.');
    const tagline = await setYamlValue(enUS, ['messages', 'site', 'tagline'], 'Robots that transform and play.');
    const found = await changes();
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          new RegExp(`^us \\| prices and offers \\| price of ${literally(name)}: \\$699\\.00 -> \\$689\\.00 \\(on /us.*\\)$`),
        ),
        `us | banners | textBanner > label: ${shown(label)} -> "The Mini Robot has landed."`,
        `us | page heads | /us/faq: title: ${shown(title)} -> "FAQ, answered | Axlebot Robotics"`,
        `us | texts | /us/faq: sections > ${question} > text: ${shown(answer)} -> "A full battery gives roughly 50 to 90 minutes of active play."`,
        `us | texts | messages > site.tagline: ${shown(tagline)} -> "Robots that transform and play."`,
      ]),
    );
    // Only in the regions that show them: us's prices in us; the en-US catalogue in us and in uk (en-GB extends it), not in fr.
    const price = found.filter((line) => line.includes('$689.00'));
    expect(price.length).toBeGreaterThan(0);
    expect(price.every((line) => line.startsWith('us | '))).toBe(true);
    expect(found.filter((line) => line.includes('tagline') && line.includes(' | texts | ')).map((line) => line.split(' | ')[0])).toEqual([
      'us',
      'uk',
    ]);
    // Where the tagline is translated, its translation is now stale (docs/translations.md).
    expect(found).toContain(
      "fr | translations | stale: messages.site.tagline in messages/fr-FR.yaml (messages/en-US.yaml now reads 'Robots that transform and play.')",
    );
  });

  it('shows prices as visitors see them, with their pages and the installment line, and a text only where a page shows it', async () => {
    const ukProducts = path.join(content, 'regions/uk/products.yaml');
    await publish(async () => {
      await setYamlValue(usProducts, ['products', 'aiBase'], withoutOffer(299));
      await setYamlValue(usRegion, ['installment', 'months'], 12);
      // A sold-out product in us, none in uk.
      await setYamlValue(usProducts, ['products', 'flagshipOptimusPrime', 'stock'], 0);
      await setYamlValue(ukProducts, ['products'], (products: Record<string, Record<string, unknown>>) =>
        Object.fromEntries(Object.entries(products).map(([key, product]) => [key, { ...product, stock: product.stock || 50 }])),
      );
    });
    await setYamlValue(usProducts, ['products', 'aiBase', 'price'], 289);
    const name = await yamlValue(usProducts, ['products', 'aiBase', 'name']);
    const installment = await yamlValue(usRegion, ['installment', 'text']);
    const month = String(await yamlValue(enUS, ['messages', 'product', 'perMonth']));
    const perMonth = (amount: string) => `${installment} · ${month.replace('{amount}', amount)}`;
    await setYamlValue(enUS, ['messages', 'product', 'soldOut'], 'Sold out for now');
    const found = await changes();
    expect(found).toEqual(
      expect.arrayContaining([
        `us | prices and offers | price of ${name}: $299.00 -> $289.00 (on /us, /us/ai-base, /us/elite-optimus-prime)`,
        `us | prices and offers | installment line: "${perMonth('$24.92')}" -> "${perMonth('$24.08')}" (on /us/ai-base)`,
      ]),
    );
    // "Sold out" shows where a page shows a sold-out product: in us, not in uk (en-GB extends en-US, but no uk product is sold out).
    const soldOut = found.filter((line) => line.includes('soldOut')).map((line) => line.split(' | ')[0]);
    expect(soldOut).toContain('us');
    expect(soldOut).not.toContain('uk');
  });

  it('lists a changed mail text in the regions whose visitors receive it', async () => {
    const greeting = await setYamlValue(path.join(content, 'messages/fr-FR.yaml'), ['messages', 'mail', 'greeting'], 'Bonjour à vous,');
    expect(await changes()).toEqual([`fr | mail | mail.greeting: ${shown(greeting)} -> "Bonjour à vous,"`]);
  });

  it('lists pages added and removed, a nav item, and a moved window with what it changes in the schedule', async () => {
    const blackFriday = ['routes', { page: 'black-friday' }, 'window'];
    await publish(async () => {
      await setYamlValue(usRegion, ['timeZone'], 'America/New_York');
      await setYamlValue(usRegion, [...blackFriday, 'start'], '2026-11-20T00:00:00-05:00');
      await setYamlValue(usRegion, [...blackFriday, 'end'], '2026-12-01T00:00:00-05:00');
    });
    await mkdir(path.join(content, 'pages/robot-club'));
    await writeFile(path.join(content, 'pages/robot-club/en.yaml'), await readFile(faq, 'utf8'));
    await setYamlValue(path.join(content, 'pages/robot-club/en.yaml'), ['title'], 'Robot club | Axlebot Robotics');
    await setYamlValue(usRegion, ['routes'], (routes: unknown[]) => [...routes, { page: 'robot-club' }]);
    await deleteYamlValue(path.join(content, 'regions/kr/region.yaml'), ['routes', { page: 'new-release' }]);
    const robots = ['navs', { identify: 'robots' }];
    const menu = await yamlValue(usRegion, [...robots, 'label']);
    const item = await setYamlValue(usRegion, [...robots, 'children', { identify: 'flagship-megatron' }, 'label'], 'Megatron');
    await setYamlValue(usRegion, [...blackFriday, 'end'], '2026-12-02T00:00:00-05:00');
    const found = await changes();
    expect(found).toEqual(
      expect.arrayContaining([
        'us | pages | page added: /us/robot-club',
        'kr | pages | page removed: /kr/new-release',
        expect.stringMatching(new RegExp(`^us \\| navigation \\| navs > ${literally(menu)} > children > Megatron added`)),
        expect.stringMatching(new RegExp(`^us \\| navigation \\| navs > ${literally(menu)} > children > ${literally(item)} removed`)),
        'us | windows and stages | /us/black-friday: window > end: 1 Dec 2026, 00:00 (UTC-05:00) -> 2 Dec 2026, 00:00 (UTC-05:00)',
        'us | schedule | new: 2 Dec 2026, 00:00 (UTC-05:00): /us/black-friday closes',
        'us | schedule | gone: 1 Dec 2026, 00:00 (UTC-05:00): /us/black-friday closes',
      ]),
    );
    const markdown = (await diff('--format', 'markdown')).stdout;
    expect(markdown).toMatch(
      /^### What visitors see change since HEAD\n\n#### us \(\d+ changes\)\n\n\*\*pages\*\*\n\n- page added: \/us\/robot-club\n/,
    );
    expect(markdown).toContain('#### kr (1 change)');
  });

  it('refuses a revision the repository does not have (usage, exit 2) and broken content (exit 1)', async () => {
    let stderr = '';
    const status = await main(['diff', 'no-such-branch', '--content', 'content'], {
      cwd: work,
      isTTY: false,
      env: {},
      stdout: () => {},
      stderr: (t) => (stderr += t),
    });
    expect(status).toBe(2);
    expect(stderr).toContain("'no-such-branch' is not a revision of the repository");
    const currency = await yamlValue(usRegion, ['currency']);
    await replaceInFile(usRegion, `currency: ${currency}`, `currency: [${currency}`);
    const broken = await diff();
    expect(broken.status).toBe(1);
    expect(broken.stderr).toContain('the working tree has content errors');
    expect(broken.stderr).toContain('E0001');
  });
});

describe('the content at a revision', () => {
  it("is parsed from its folder's cache entry, read only: no entry is left for the temporary folder", async () => {
    const cache = path.join(work, 'parse-cache');
    const now = Date.parse(NOW);
    await compileContent({ content, cwd: work, now, cache });
    const entries = async () => (await readdir(path.join(cache, 'parse'))).filter((f) => !f.includes('.tmp-'));
    expect(await entries()).toHaveLength(1);
    const price = await setYamlValue(usProducts, ['products', 'flagshipBumblebee', 'price'], (p: number) => p + 20);
    const old = await contentAtRevision(content, 'HEAD');
    try {
      const hits = cacheStats(cache).parse?.hits ?? 0;
      const before = await compileContent({ content: old.dir, cwd: work, now, cache, history: old.history });
      expect(cacheStats(cache).parse?.hits).toBe(hits + 1);
      expect(before.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      // The revision's price, not the working tree's: what changed is parsed anew.
      const us = before.model.regions.find((r) => r.data.code === 'us')!;
      expect(us.data.products.flagshipBumblebee?.price).toBe(price);
      expect(await entries()).toHaveLength(1);
    } finally {
      await old.dispose();
    }
  });

  it('is compared from the build cache the second time at the same instant, with the same words, and extracted only when asked', async () => {
    const cache = path.join(work, 'revision-cache');
    const now = Date.parse(NOW);
    await setYamlValue(usProducts, ['products', 'flagshipBumblebee', 'price'], (p: number) => p + 20);
    await replaceInFile(
      path.join(content, 'messages/en-US.yaml'),
      'Email address for the newsletter',
      'Your email address for the newsletter',
    );
    const first = await diffContent(content, 'HEAD', now, work, cache);
    await first.old.dispose();
    expect(cacheStats(cache).revision).toEqual({ hits: 0, misses: 1 });
    const second = await diffContent(content, 'HEAD', now, work, cache);
    try {
      expect(cacheStats(cache).revision).toEqual({ hits: 1, misses: 1 });
      // Nothing was extracted for it: the temporary folder is made when the pages are built.
      const tmp = async () => (await readdir(os.tmpdir())).filter((name) => name.startsWith('build-region-diff-')).length;
      expect(second.changes).toEqual(first.changes);
      expect(second.changes.map((c) => c.section)).toEqual(expect.arrayContaining(['prices and offers', 'texts', 'translations']));
      expect(second.before.model).toEqual(first.before.model);
      const extracted = await tmp();
      const dir = await second.old.content();
      expect(await tmp()).toBe(extracted + 1);
      const whole = await second.old.compile();
      expect(whole.model).toEqual(second.before.model);
      expect(await readFile(path.join(dir, 'regions/us/products.yaml'), 'utf8')).not.toBe(await readFile(usProducts, 'utf8'));
    } finally {
      await second.old.dispose();
    }
    // Another instant, or another commit, is compared anew.
    await (await diffContent(content, 'HEAD', now + 1, work, cache)).old.dispose();
    await git('commit', '-qam', 'the new price');
    await (await diffContent(content, 'HEAD', now, work, cache)).old.dispose();
    expect(cacheStats(cache).revision).toEqual({ hits: 1, misses: 3 });
    await expect(openRevision(content, 'no-such-branch', { cwd: work, now, cacheDir: cache })).rejects.toThrow(
      /'no-such-branch' is not a revision of the repository/,
    );
  });

  it("is kept by the command only at an instant given (--now): the clock's own is never asked for again", async () => {
    const cache = path.join(work, 'command-revision-cache');
    const entries = async () =>
      (await readdir(path.join(cache, 'revision')).catch(() => [] as string[])).filter((f) => !f.includes('.tmp-'));
    const was = process.env.BUILD_REGION_CACHE_DIR;
    process.env.BUILD_REGION_CACHE_DIR = cache;
    try {
      await setYamlValue(usProducts, ['products', 'flagshipBumblebee', 'price'], (p: number) => p + 20);
      const io = { cwd: work, isTTY: false, env: {}, stdout: () => {}, stderr: () => {} };
      expect(await main(['diff', 'HEAD', '--content', 'content'], io)).toBe(0);
      expect(await entries()).toEqual([]);
      expect((await diff()).status).toBe(0);
      expect(await entries()).toHaveLength(1);
    } finally {
      if (was === undefined) delete process.env.BUILD_REGION_CACHE_DIR;
      else process.env.BUILD_REGION_CACHE_DIR = was;
    }
  });
});
