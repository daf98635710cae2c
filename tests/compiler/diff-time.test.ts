import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../generator/cli.ts';
import { PACKAGE_ROOT } from '../../generator/index.ts';
import { deleteYamlValue, setYamlValue, yamlValue } from '../support/content.ts';

/**
 * `build-region diff` writes instants and stages as people read them (issue 46, point 10): an
 * instant in its region's time zone (region.yaml `timeZone`) with the offset of that instant,
 * stage indexes by number and list name, and a regular price under a running offer as the
 * struck-through figure visitors see. On the real content, in a repository of its own.
 */
const run = promisify(execFile);
const NOW = '2026-11-24T00:00:00Z';
const work = await mkdtemp(path.join(os.tmpdir(), 'robot-sites-diff-time-'));
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

beforeEach(async () => {
  await git('reset', '-q', '--hard', 'published');
  await git('clean', '-qfd');
});

/**
 * Sets values in the commit the diff compares with (by amending it), so that a test states the
 * instants, stages and prices it reads back itself rather than relying on the content's.
 */
async function publish(edit: () => Promise<unknown>): Promise<void> {
  await edit();
  await git('commit', '-qa', '--amend', '--no-edit');
}

/** A text to match literally in a regular expression. */
const literally = (text: unknown) => String(text).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The diff's changes since the commit, as `region | section | change`. */
async function changes(): Promise<string[]> {
  let stdout = '';
  let stderr = '';
  const status = await main(['diff', 'HEAD', '--content', 'content', '--now', NOW, '--format', 'json'], {
    cwd: work,
    isTTY: false,
    env: {},
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
  });
  expect(status, stderr).toBe(0);
  return (JSON.parse(stdout) as { changes: { region: string; section: string; change: string }[] }).changes.map(
    (c) => `${c.region} | ${c.section} | ${c.change}`,
  );
}

/** Epoch milliseconds, an ISO instant or a JSON object: what the diff no longer writes for people. */
const MACHINE_WORDS = /\d{12,}|\d{4}-\d{2}-\d{2}T\d{2}|\{"/;

describe('build-region diff, instants and stages', () => {
  it('writes a stages list stage by stage and a gate by its stage numbers and list name, never as epoch numbers', async () => {
    const region = path.join(content, 'regions/us/region.yaml');
    await publish(async () => {
      await setYamlValue(region, ['timeZone'], 'America/New_York');
      await setYamlValue(region, ['stages', 'mini-robot-launch', 'instants', 0], '2025-09-18T19:30:00+08:00');
      await setYamlValue(region, ['stages', 'halloween', 'instants', 1], '2025-11-01T15:00:00+08:00');
      await setYamlValue(region, ['textBanner', 'stages'], 'mini-robot-launch');
      await setYamlValue(region, ['textBanner', 'stage'], [1, 2, 3, 4]);
    });
    await setYamlValue(region, ['stages', 'halloween', 'instants', 1], '2025-11-02T15:00:00+08:00');
    await setYamlValue(region, ['stages'], (stages: Record<string, unknown>) => ({
      ...stages,
      walk: { instants: ['2026-12-01T09:00:00-05:00', '2026-12-08T09:00:00-05:00', '2026-12-15T09:00:00-05:00'] },
    }));
    await setYamlValue(region, ['textBanner', 'stages'], 'walk');
    await setYamlValue(region, ['textBanner', 'stage'], [3, 1]);
    const label = await yamlValue(region, ['textBanner', 'label']);
    const found = await changes();
    expect(found).toEqual(
      expect.arrayContaining([
        "us | banners | textBanner > stages: stages 1 to 4 of 'mini-robot-launch' -> stages 1 and 3 of 'walk'",
        "us | windows and stages | stages list 'walk' added: stage 1 from 1 Dec 2026, 09:00 (UTC-05:00), stage 2 from 8 Dec 2026, 09:00 (UTC-05:00), stage 3 from 15 Dec 2026, 09:00 (UTC-05:00)",
        // The moved boundary crosses the end of daylight saving time in New York (2 Nov 2025).
        "us | windows and stages | stages list 'halloween': stage 2 from 1 Nov 2025, 03:00 (UTC-04:00) -> 2 Nov 2025, 02:00 (UTC-05:00)",
        expect.stringMatching(
          /^us \| windows and stages \| stages list 'mini-robot-launch' removed \(was stage 1 from 18 Sept? 2025, 07:30 \(UTC-04:00\), /,
        ),
        `us | schedule | new: 1 Dec 2026, 09:00 (UTC-05:00): text banner '${label}' shows (stage 1 of walk)`,
      ]),
    );
    expect(found.filter((line) => MACHINE_WORDS.test(line))).toEqual([]);
  });

  it("writes an activity's times as instants in the region's zone with their offset, not as JSON", async () => {
    const products = path.join(content, 'regions/uk/products.yaml');
    const megatron = ['products', 'flagshipMegatron'];
    const bumblebee = ['products', 'flagshipBumblebee'];
    await publish(async () => {
      await setYamlValue(path.join(content, 'regions/uk/region.yaml'), ['timeZone'], 'Europe/London');
      await setYamlValue(products, [...megatron, 'activityTime'], { startTime: '2025-09-22T08:00:00+08:00' });
      await setYamlValue(
        products,
        bumblebee,
        ({ activityPrice: _price, activityTime: _time, ...product }: Record<string, unknown>) => product,
      );
    });
    await setYamlValue(products, [...megatron, 'activityTime'], {
      startTime: '2026-12-01T00:00:00+00:00',
      endTime: '2027-01-01T00:00:00+00:00',
    });
    await setYamlValue(products, bumblebee, (product: { price: number }) => ({
      ...product,
      activityPrice: product.price - 100,
      activityTime: { startTime: '2026-12-01T00:00:00Z', endTime: '2027-01-01T00:00:00Z' },
    }));
    const [megatronName, bumblebeeName] = [
      await yamlValue(products, [...megatron, 'name']),
      await yamlValue(products, [...bumblebee, 'name']),
    ];
    const found = await changes();
    expect(found).toEqual(
      expect.arrayContaining([
        // Set in +08:00, read in London: summer time then, winter time at the new start.
        expect.stringMatching(
          new RegExp(
            `^uk \\| prices and offers \\| activityTime > startTime of ${literally(megatronName)}: 22 Sept? 2025, 01:00 \\(UTC\\+01:00\\) -> 1 Dec 2026, 00:00 \\(UTC\\+00:00\\)$`,
          ),
        ),
        `uk | prices and offers | activityTime > endTime of ${megatronName} added: 1 Jan 2027, 00:00 (UTC+00:00)`,
        `uk | prices and offers | activityTime of ${bumblebeeName} added: from 1 Dec 2026, 00:00 (UTC+00:00) until 1 Jan 2027, 00:00 (UTC+00:00)`,
        `uk | schedule | new: 1 Dec 2026, 00:00 (UTC+00:00): activity price of ${bumblebeeName} starts`,
      ]),
    );
    expect(found.filter((line) => MACHINE_WORDS.test(line))).toEqual([]);
  });

  it('calls a regular price changed under a running offer the struck-through regular price', async () => {
    const uk = path.join(content, 'regions/uk/products.yaml');
    const eu = path.join(content, 'regions/eu/products.yaml');
    const megatron = ['products', 'flagshipMegatron'];
    const bumblebee = ['products', 'flagshipBumblebee'];
    // uk's and eu's Megatron offers run since 22 Sept 2025, without an end; uk's Bumblebee has none.
    await publish(async () => {
      await setYamlValue(uk, megatron, (product: Record<string, unknown>) => ({
        ...product,
        price: 1299,
        activityPrice: 1169,
        activityTime: { startTime: '2025-09-22T08:00:00+08:00' },
      }));
      await setYamlValue(uk, bumblebee, ({ activityPrice: _price, activityTime: _time, ...product }: Record<string, unknown>) => ({
        ...product,
        price: 1299,
      }));
      await setYamlValue(eu, megatron, (product: Record<string, unknown>) => ({
        ...product,
        price: 1599,
        activityPrice: 1439,
        activityTime: { startTime: '2025-09-22T07:00:00+08:00' },
      }));
      // eu announces a reduction against the prior price (docs/market.md).
      await setYamlValue(path.join(content, 'regions/eu/region.yaml'), ['market', 'priorPrice'], true);
    });
    await setYamlValue(uk, [...megatron, 'price'], 1249);
    await setYamlValue(uk, [...bumblebee, 'price'], 1279);
    await setYamlValue(eu, [...megatron, 'price'], 1549);
    const [megatronName, bumblebeeName] = [await yamlValue(uk, [...megatron, 'name']), await yamlValue(uk, [...bumblebee, 'name'])];
    const euMegatronName = await yamlValue(eu, [...megatron, 'name']);
    const found = await changes();
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          new RegExp(
            `^uk \\| prices and offers \\| struck-through regular price of ${literally(megatronName)}: £1,299\\.00 -> £1,249\\.00 \\(on `,
          ),
        ),
        expect.stringMatching(
          new RegExp(`^uk \\| prices and offers \\| price of ${literally(bumblebeeName)}: £1,299\\.00 -> £1,279\\.00 \\(on `),
        ),
        // Where reductions are announced against the prior price, the regular price is not shown beside one.
        expect.stringMatching(
          new RegExp(
            `^eu \\| prices and offers \\| regular price \\(not shown while its offer runs\\) of ${literally(euMegatronName)}: €1,599\\.00 -> €1,549\\.00 \\(on `,
          ),
        ),
      ]),
    );
  });

  it("writes an instant with its zone's offset at that instant (summer and winter time in eu), and in UTC without a zone", async () => {
    const eu = path.join(content, 'regions/eu/region.yaml');
    const de = path.join(content, 'regions/de/region.yaml');
    const window = ['routes', { page: 'christmas-sale' }, 'window'];
    await publish(async () => {
      await setYamlValue(eu, ['timeZone'], 'Europe/Brussels');
      await setYamlValue(de, ['timeZone'], 'Europe/Berlin');
      for (const region of [eu, de]) {
        await setYamlValue(region, [...window, 'start'], '2026-12-08T00:00:00+01:00');
        await setYamlValue(region, [...window, 'end'], '2026-12-26T00:00:00+01:00');
      }
    });
    await setYamlValue(eu, [...window, 'end'], '2027-05-31T22:00:00Z');
    await deleteYamlValue(de, ['timeZone']);
    await setYamlValue(de, [...window, 'end'], '2026-12-27T00:00:00+01:00');
    const found = await changes();
    expect(found).toEqual(
      expect.arrayContaining([
        'eu | windows and stages | /eu/christmas-sale: window > end: 26 Dec 2026, 00:00 (UTC+01:00) -> 1 Jun 2027, 00:00 (UTC+02:00)',
        'eu | schedule | new: 1 Jun 2027, 00:00 (UTC+02:00): /eu/christmas-sale closes',
        'de | windows and stages | /de/christmas-sale: window > end: 25 Dec 2026, 23:00 (UTC+00:00) -> 26 Dec 2026, 23:00 (UTC+00:00)',
      ]),
    );
    // The zone changes how the diff writes instants, not what visitors see.
    expect(found.filter((line) => line.includes('timeZone'))).toEqual([]);
  });
});
