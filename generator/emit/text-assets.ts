import { createHash } from 'node:crypto';
import { pageText, shardRouteTable, splitRegion } from '../../core/model.ts';
import type { PageContent, RegionData, RouteShardFile } from '../../core/model.ts';
import { formatsOf } from '../../core/locale.ts';
import type { ResolvedRegion } from '../resolve/index.ts';

/**
 * The build's own JSON assets in a region's `assets/` folder, named after their content so that
 * they are cached as long as the scripts are: the region's site data file, its route table's
 * shards and the route texts.
 */
export function hashedAsset(name: string, json: string): string {
  return `assets/${name}-${createHash('sha256').update(json).digest('base64url').slice(0, 10)}.json`;
}

/** A route's text as the build writes it (its file relative to the region's folder, its JSON). */
export interface TextAsset {
  readonly file: string;
  readonly json: string;
}

/**
 * The text of each route of a region that has one, by path, as a JSON file the client fetches
 * on a navigation (the first page's text is inline in its HTML): one file per text, named after
 * its key (`pages/faq/en`: `assets/page-faq-en-<hash>.json`; `account/en-GB/login`:
 * `assets/account-en-GB-login-<hash>.json`). Not bundled: a text is data, and a catalogue of a
 * thousand product pages would be a thousand chunks for the bundler.
 */
export function textAssets(region: ResolvedRegion): Map<string, TextAsset> {
  const assets = new Map<string, TextAsset>();
  for (const route of region.data.routes) {
    const text = region.texts.get(route.path);
    const content: PageContent | undefined = text && pageText(route);
    if (!text || !content) continue;
    const json = JSON.stringify(content);
    assets.set(route.path, {
      file: hashedAsset(
        text.key
          .split('/')
          .join('-')
          .replace(/^pages-/, 'page-'),
        json,
      ),
      json,
    });
  }
  return assets;
}

/**
 * The shards of a region's route table as JSON files (core/model.ts `RouteShardFile`), in order,
 * each naming the text files (`texts`) of its routes. Data, not modules: a new price changes
 * these files and the site data file that names them, never the client bundle.
 */
export function routeShardFiles(data: RegionData, texts: ReadonlyMap<string, TextAsset>): TextAsset[] {
  const { table, pages } = splitRegion(data);
  return shardRouteTable(table, pages, formatsOf(data)).map((shard, index) => {
    const paths = new Set(shard.routes.map((route) => route.path));
    const urls = [...texts].filter(([route]) => paths.has(route)).map(([route, text]) => [route, `${data.basePath}/${text.file}`]);
    const json = JSON.stringify({ ...shard, pages: Object.fromEntries(urls) } satisfies RouteShardFile);
    return { file: hashedAsset(`routes-${data.code}-${index}`, json), json };
  });
}
