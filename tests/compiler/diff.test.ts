import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cacheStats } from '../../generator/index.ts';
import { main } from '../../generator/cli.ts';
import { compileContent } from '../../generator/index.ts';
import { contentAtRevision } from '../../generator/index.ts';
import { PACKAGE_ROOT } from '../../generator/index.ts';
import { replaceInFile } from '../support/content.ts';

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
});

// Each test starts from the committed content.
beforeEach(async () => {
  await git('checkout', '-q', '--', '.');
  await git('clean', '-qfd');
});

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

describe('build-region diff', () => {
  it('says "No visible change." for comments and formatting only', async () => {
    await replaceInFile(path.join(content, 'regions/us/region.yaml'), 'currency: USD', 'currency: "USD" # dollars');
    await replaceInFile(path.join(content, 'pages/faq/en.yaml'), 'sections:', '# the questions, most asked first\nsections:');
    await replaceInFile(path.join(content, 'regions/uk/products.yaml'), ': ', ':   ');
    expect(await diff()).toEqual({ status: 0, stdout: 'No visible change.\n', stderr: '' });
    expect((await diff('--format', 'markdown')).stdout).toBe('### What visitors see change since HEAD\n\nNo visible change.\n');
  });

  it('lists a price, a banner, a page head, a text and a catalogue text, in the regions that show them', async () => {
    await replaceInFile(path.join(content, 'regions/us/products.yaml'), 'price: 699', 'price: 689');
    await replaceInFile(
      path.join(content, 'regions/us/region.yaml'),
      'label: The Mini Robot is landing. Follow the launch week.',
      'label: The Mini Robot has landed.',
    );
    await replaceInFile(
      path.join(content, 'pages/faq/en.yaml'),
      'title: "FAQ | Axlebot Robotics"',
      'title: "FAQ, answered | Axlebot Robotics"',
    );
    await replaceInFile(
      path.join(content, 'pages/faq/en.yaml'),
      'a full battery gives roughly 45 to 90 minutes',
      'a full battery gives roughly 50 to 90 minutes',
    );
    await replaceInFile(
      path.join(content, 'messages/en-US.yaml'),
      'tagline: Robots that transform, learn and play.',
      'tagline: Robots that transform and play.',
    );
    const found = await changes();
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^us \| prices and offers \| price of .+: \$699\.00 -> \$689\.00 \(on \/us.*\)$/),
        'us | banners | textBanner > label: "The Mini Robot is landing. Follow the launch week." -> "The Mini Robot has landed."',
        'us | page heads | /us/faq: title: "FAQ | Axlebot Robotics" -> "FAQ, answered | Axlebot Robotics"',
        expect.stringMatching(
          /^us \| texts \| \/us\/faq: sections > How long does a charge last, and how do I charge my robot\? > text: "Depending on the model, a full battery gives roughly 45/,
        ),
        'us | texts | messages > site.tagline: "Robots that transform, learn and play." -> "Robots that transform and play."',
      ]),
    );
    // Only in the regions that show them: us's prices in us; the en-US catalogue in us and in uk (en-GB extends it), not in fr.
    expect(found.filter((line) => line.includes('689')).every((line) => line.startsWith('us | '))).toBe(true);
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
    await replaceInFile(
      path.join(content, 'regions/us/products.yaml'),
      'palette: red-blue\n    price: 299',
      'palette: red-blue\n    price: 289',
    );
    await replaceInFile(path.join(content, 'messages/en-US.yaml'), 'soldOut: Sold out', 'soldOut: Sold out for now');
    const found = await changes();
    expect(found).toEqual(
      expect.arrayContaining([
        'us | prices and offers | price of AI Base: $299.00 -> $289.00 (on /us, /us/ai-base, /us/elite-optimus-prime)',
        'us | prices and offers | installment line: "Pay in 12 monthly installments · $24.92/month" -> "Pay in 12 monthly installments · $24.08/month" (on /us/ai-base)',
      ]),
    );
    // "Sold out" shows where a page shows a sold-out product: in us, not in uk (en-GB extends en-US, but no uk product is sold out).
    const soldOut = found.filter((line) => line.includes('soldOut')).map((line) => line.split(' | ')[0]);
    expect(soldOut).toContain('us');
    expect(soldOut).not.toContain('uk');
  });

  it('lists a changed mail text in the regions whose visitors receive it', async () => {
    await replaceInFile(path.join(content, 'messages/fr-FR.yaml'), 'greeting: "Bonjour,"', 'greeting: "Bonjour à vous,"');
    expect(await changes()).toEqual(['fr | mail | mail.greeting: "Bonjour," -> "Bonjour à vous,"']);
  });

  it('lists pages added and removed, a nav item, and a moved window with what it changes in the schedule', async () => {
    await mkdir(path.join(content, 'pages/robot-club'));
    await writeFile(
      path.join(content, 'pages/robot-club/en.yaml'),
      (await readFile(path.join(content, 'pages/faq/en.yaml'), 'utf8')).replace(/^title: .*$/m, 'title: "Robot club | Axlebot Robotics"'),
    );
    await replaceInFile(
      path.join(content, 'regions/us/region.yaml'),
      'routes:\n  - page: home\n',
      'routes:\n  - page: home\n  - page: robot-club\n',
    );
    await replaceInFile(path.join(content, 'regions/kr/region.yaml'), '  - page: new-release\n    redirect: mini-robot\n', '');
    await replaceInFile(
      path.join(content, 'regions/us/region.yaml'),
      '{ label: Flagship Megatron, link: /us/flagship-megatron, identify',
      '{ label: Megatron, link: /us/flagship-megatron, identify',
    );
    await replaceInFile(
      path.join(content, 'regions/us/region.yaml'),
      '{ page: black-friday, window: { start: "2026-11-20T00:00:00-05:00", end: "2026-12-01T00:00:00-05:00" } }',
      '{ page: black-friday, window: { start: "2026-11-20T00:00:00-05:00", end: "2026-12-02T00:00:00-05:00" } }',
    );
    const found = await changes();
    expect(found).toEqual(
      expect.arrayContaining([
        'us | pages | page added: /us/robot-club',
        'kr | pages | page removed: /kr/new-release',
        expect.stringMatching(/^us \| navigation \| navs > Robots > children > Megatron added/),
        expect.stringMatching(/^us \| navigation \| navs > Robots > children > Flagship Megatron removed/),
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
    await replaceInFile(path.join(content, 'regions/us/region.yaml'), 'currency: USD', 'currency: [USD');
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
    await replaceInFile(path.join(content, 'regions/us/products.yaml'), 'price: 1299', 'price: 1279');
    const old = await contentAtRevision(content, 'HEAD');
    try {
      const hits = cacheStats(cache).parse?.hits ?? 0;
      const before = await compileContent({ content: old.dir, cwd: work, now, cache, history: old.history });
      expect(cacheStats(cache).parse?.hits).toBe(hits + 1);
      expect(before.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      // The revision's price, not the working tree's: what changed is parsed anew.
      const us = before.model.regions.find((r) => r.data.code === 'us')!;
      expect(Object.values(us.data.products).some((p) => p.price === 1299)).toBe(true);
      expect(await entries()).toHaveLength(1);
    } finally {
      await old.dispose();
    }
  });
});
