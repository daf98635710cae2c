import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../../generator/index.ts';
import type { Overview } from '../../studio/api.ts';
import { placesOf } from '../../studio/client/places.ts';
import { createWorkspace } from '../../studio/server/workspace.ts';
import { BUILT_AT } from '../support/instants.ts';

// Where the studio previews a file (studio/client/places.ts, docs/studio.md "Preview"), on the
// real content's overview (read, never written): the region the preview opens first is one where
// the file's edits show.

let overview: Overview;
beforeAll(async () => {
  const workspace = createWorkspace({ root: path.join(PACKAGE_ROOT, 'content'), cwd: PACKAGE_ROOT, now: () => BUILT_AT });
  overview = await workspace.overview();
});

const regionsOf = (id: string) => placesOf(id, overview).map((place) => place.region.code);

describe('the regions a file previews in, the first one opened', () => {
  it('opens a message catalogue in the region of its locale, then those of its language, the others after', () => {
    expect(overview.regions.length).toBe(8);
    for (const region of overview.regions) expect(regionsOf(`messages/${region.locale}.yaml`)[0], region.locale).toBe(region.code);
    const english = overview.regions.filter((r) => r.locale.startsWith('en-') && r.locale !== 'en-US').map((r) => r.code);
    expect(english.length).toBeGreaterThan(0);
    expect(
      regionsOf('messages/en-US.yaml')
        .slice(1, 1 + english.length)
        .sort(),
    ).toEqual(english.sort());
    // Every region still offered: a catalogue another one falls back to shows there too.
    expect(regionsOf('messages/en-US.yaml').sort()).toEqual(overview.regions.map((r) => r.code).sort());
  });

  it("keeps a region's own file to its region, a page to the regions that show it, a shared file to all", () => {
    expect(regionsOf('regions/fr/products.yaml')).toEqual(['fr']);
    expect(placesOf('regions/fr/products.yaml', overview)[0]!.paths).toContain('/fr/flagship-bumblebee');
    expect(regionsOf('pages/faq/en.yaml')).toEqual(['us']);
    expect(regionsOf('constants.yaml')).toEqual(overview.regions.map((r) => r.code));
  });
});
