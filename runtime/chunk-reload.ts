/**
 * Recovery from a stale page after a deploy (docs/runtime.md): when a script under /assets/
 * ending in .js (or the region's site data file, .json) fails to load, ask the server for it; if it answers 404 the page's code is gone,
 * so load the intended route afresh. At most once per missing file in a browser tab: a second
 * failure of the same file is left alone, so the page never loops.
 *
 * Every page's inline loader has a copy of this check for the entry and the modules it fetches
 * with it, which fail before any of this code runs (templates/app-loader.js).
 */
export const STALE_ASSET = /\/assets\/[^?#]*\.(?:js|json)$/;

/** The asset URL named in a failed dynamic import's error, if any. */
export function failedAssetUrl(error: unknown): string | undefined {
  const text = error instanceof Error ? error.message : String(error);
  const match = /(https?:\/\/[^\s'"]+|\/[^\s'"]*\/assets\/[^\s'"]+)/.exec(text);
  return match?.[1];
}

export interface ReloadEnvironment {
  fetch: (url: string, init: RequestInit) => Promise<{ status: number }>;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  assign: (url: string) => void;
  base: string;
  /** Called when a failed asset was checked and the page is kept (no reload): the page has settled. */
  kept?: () => void;
}

/**
 * Checks a failed asset and reloads to `target` when it answers 404 and has not caused a reload
 * before. Resolves to whether it reloaded.
 */
export async function reloadIfStale(assetUrl: string | undefined, target: string, env: ReloadEnvironment): Promise<boolean> {
  const reloaded = await checkAsset(assetUrl, target, env);
  if (!reloaded) env.kept?.();
  return reloaded;
}

async function checkAsset(assetUrl: string | undefined, target: string, env: ReloadEnvironment): Promise<boolean> {
  if (!assetUrl) return false;
  const url = new URL(assetUrl, env.base);
  if (!STALE_ASSET.test(url.pathname)) return false;
  const status = await env.fetch(url.href, { method: 'HEAD', cache: 'no-store' }).then(
    (response) => response.status,
    () => 0,
  );
  if (status !== 404) return false;
  const key = `stale-asset-reload:${url.pathname}`;
  if (env.storage.getItem(key)) {
    console.warn(`${url.pathname} is missing again after a reload; not reloading again`);
    return false;
  }
  env.storage.setItem(key, String(Date.now()));
  env.assign(target);
  return true;
}

export function browserReloadEnvironment(): ReloadEnvironment {
  return {
    fetch: (url, init) => window.fetch(url, init),
    storage: window.sessionStorage,
    assign: (url) => window.location.assign(url),
    base: window.location.href,
    // A mark for tests and tools: a failed script was checked and the page stays as it is.
    kept: () => document.documentElement.setAttribute('data-asset-check', 'kept'),
  };
}

/** In the browser: after a failed load of a page's code, reload into `target` if the code is gone. */
export function recoverFromLoadFailure(error: unknown, target: string): Promise<boolean> {
  return reloadIfStale(failedAssetUrl(error), target, browserReloadEnvironment());
}
