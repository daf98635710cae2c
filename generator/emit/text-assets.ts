import { createHash } from 'node:crypto';
import { pageText } from '../../core/model.ts';
import type { PageContent } from '../../core/model.ts';
import type { ResolvedRegion } from '../resolve/index.ts';

/**
 * The build's own JSON assets in a region's `assets/` folder, named after their content so that
 * they are cached as long as the scripts are: the region's site data file and the route texts.
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
