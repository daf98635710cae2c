import { App } from './App.tsx';
import { browserServices, startClient } from './client.tsx';
import type { StartedClient } from './client.tsx';
import { createContentStore, fetchJson, jsonSources } from './content.ts';
import { listenForPicks } from './dev-pick.ts';
import type { ContentSources } from './content.ts';
import { preloadRoute } from './navigation.ts';
import { normalizePath } from '../core/paths.ts';
import { DEV_PATH } from '../core/model.ts';
import type { ContentVersion, SiteDataFile } from '../core/model.ts';
import { instantsIn } from '../core/time.ts';

/**
 * The live preview's client (`build-region --dev`, preview/dev): the runtime's own client, its
 * route table and texts served by the dev server from the content as last compiled (JSON under
 * core/model.ts `DEV_PATH`, not the generated modules, so a content edit changes no module of Vite's graph).
 * A content edit shows in place: the dev server announces a new version
 * (`build-region:content`), and the page is rendered again from it, with no reload (the page's
 * code stays; what the visitor typed in a form is lost, as on any new content). Only the live
 * preview's entry imports this module: no site bundle holds it.
 */
function devSources(shards: number, version: number): ContentSources {
  return jsonSources(shards, async (index) => `${DEV_PATH}/routes/${index}.json?v=${version}`);
}

export async function startDevClient(shards: number): Promise<void> {
  // The studio, when it frames this page, may ask it to pick a text (dev-pick.ts): listening
  // before the page renders, so a request sent as the frame loads is not missed.
  listenForPicks();
  const started = await startClient(devSources(shards, 0));
  const hot = import.meta.hot;
  if (!started || !hot) return;
  // The version the page was rendered at: a newer one announced while it started is asked for.
  const rendered = Number(document.getElementById('root')?.dataset.version ?? 0);
  let latest = rendered;
  hot.on('build-region:content', (event: ContentVersion) => {
    if (event.version <= latest) return;
    latest = event.version;
    showVersion(started, event, () => latest === event.version).catch(() => {
      // What the new content needs did not load: the page as the server renders it now.
      if (latest === event.version) window.location.reload();
    });
  });
  hot.send('build-region:since', { version: rendered });
}

/**
 * Renders the current path again from a new version of the content: the site data and the
 * catalogue, the path's shard, its page's text and code, all loaded before the one render that
 * swaps the page (so it never shows half the new content). The clock goes on as it was.
 */
async function showVersion(started: StartedClient, event: ContentVersion, latest: () => boolean): Promise<void> {
  const path = normalizePath(window.location.pathname);
  const content = createContentStore(devSources(event.shards, event.version));
  const [file] = await Promise.all([fetchJson<SiteDataFile>(`${DEV_PATH}/site.json?v=${event.version}`), content.loadRoute(path)]);
  content.seed({ messages: file.messages });
  const route = content.route(path) ?? undefined;
  if (route) await preloadRoute({ content, pages: started.app.pages }, route);
  // A newer version came while this one loaded: that one renders.
  if (!latest()) return;
  const app = browserServices(file.site, content, started.app.clock);
  const instants = instantsIn([file.site, route]);
  started.root.render(<App key={event.version} app={app} path={path} instants={instants} rendered />);
}
