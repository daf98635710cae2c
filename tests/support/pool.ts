import type { Browser, BrowserContext, BrowserContextOptions, CDPSession, Page } from 'playwright-core';

/**
 * The browser a test file sees (`site.browser`): Chromium's own, except that a context a test
 * closes is wiped and handed, with its page, to the next test that asks for a context with the
 * same options. A new page costs Chromium about 0.85 CPU-s here (a renderer process started, the
 * site's scripts compiled afresh), a navigation in a page that exists about 0.45 (issue 47): most
 * of the browser tests' time went to pages made and thrown away.
 *
 * A context handed out again is, to anything a test can observe, a fresh one: no cookies, no
 * permissions, no routes, init scripts or exposed functions, no listener of the last test,
 * nothing in local or session storage, IndexedDB, Cache Storage or service workers of any origin
 * it requested, an empty HTTP cache, one blank page at the context's viewport. What cannot be
 * undone (a fake clock, extra headers, emulated media, geolocation, offline mode) spends the
 * context: closing it then closes it for real. What is open at the end of the file closes with
 * the view: `close()` closes every context the file made and leaves the browser to the next file.
 */
export function pooledBrowser(browser: Browser): Browser {
  const idle = new Map<string, Lease[]>();
  /** Every context made by `newContext`: the view's close() closes them, and leaves the browser running. */
  const made = new Set<BrowserContext>();
  const release = (lease: Lease) => {
    const list = idle.get(lease.key) ?? [];
    idle.set(lease.key, list);
    list.push(lease);
  };
  const newContext = async (options: BrowserContextOptions = {}): Promise<BrowserContext> => {
    const key = JSON.stringify(options);
    let lease = idle.get(key)?.pop();
    if (!lease) {
      const context = await browser.newContext(options);
      made.add(context);
      context.on('close', () => made.delete(context));
      lease = new Lease(context, options, key, release);
    }
    return lease.lend();
  };
  const close = async () => {
    idle.clear();
    await Promise.all([...made].map((context) => context.close()));
  };
  return bound(browser, { newContext, close });
}

/** What cannot be undone on a context or a page: the context is closed for real after. */
const SPENDING = new Set([
  'clock',
  'setExtraHTTPHeaders',
  'setGeolocation',
  'setOffline',
  'setHTTPCredentials',
  'emulateMedia',
  'routeFromHAR',
]);
/** What returns a Disposable that undoes it. */
const DISPOSABLE = new Set(['addInitScript', 'exposeBinding', 'exposeFunction']);
const LISTENING = new Set(['on', 'once', 'addListener', 'prependListener']);

type Listener = (...args: unknown[]) => void;
interface Emitter {
  on(event: string, listener: Listener): unknown;
  off(event: string, listener: Listener): unknown;
}

/** `target` with some members replaced and every other method bound to it; `seen` hears each member read. */
function bound<T extends object>(target: T, replaced: Record<string, unknown>, seen?: (name: string) => void): T {
  return new Proxy(target, {
    get(object, name) {
      if (typeof name === 'string') {
        seen?.(name);
        if (name in replaced) return replaced[name];
      }
      const value: unknown = Reflect.get(object, name, object);
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });
}

/** One context of the pool, lent to one test at a time. */
class Lease {
  private spent = false;
  /** Every http(s) origin the context requested: their storage is wiped on return. */
  private readonly origins = new Set<string>();
  /** What the test added: listeners to take off, init scripts and bindings to dispose. */
  private undo: Array<{ of: object; run: () => unknown }> = [];
  private page: Page | undefined;
  private pageLent = false;
  private cdp: CDPSession | undefined;

  constructor(
    private readonly context: BrowserContext,
    private readonly options: BrowserContextOptions,
    readonly key: string,
    private readonly release: (lease: Lease) => void,
  ) {
    context.on('request', (request) => {
      const { protocol, origin } = new URL(request.url());
      if (protocol === 'http:' || protocol === 'https:') this.origins.add(origin);
    });
  }

  /** The context as the test sees it: its close() hands it back. */
  lend(): BrowserContext {
    const shown: BrowserContext = bound(
      this.context,
      { ...this.tracked(this.context), newPage: () => this.newPage(shown), close: () => this.giveBack() },
      this.watch,
    );
    return shown;
  }

  private readonly watch = (name: string) => {
    if (SPENDING.has(name)) this.spent = true;
  };

  /** Listening and disposable methods of `target` that record how to undo them. */
  private tracked(target: BrowserContext | Page): Record<string, unknown> {
    const emitter = target as unknown as Emitter;
    const methods = target as unknown as Record<string, (...args: unknown[]) => Promise<{ dispose(): Promise<void> }>>;
    const replaced: Record<string, unknown> = {};
    for (const name of LISTENING)
      replaced[name] = (event: string, listener: Listener) => {
        emitter.on(event, listener);
        this.undo.push({ of: target, run: () => emitter.off(event, listener) });
        return target;
      };
    for (const name of DISPOSABLE)
      replaced[name] = async (...args: unknown[]) => {
        const disposable = await methods[name]!.apply(target, args);
        this.undo.push({ of: target, run: () => disposable.dispose() });
        return disposable;
      };
    return replaced;
  }

  private async newPage(shown: BrowserContext): Promise<Page> {
    // A second page open at once is a page of its own, as in any context (closed on return).
    if (this.pageLent) return this.context.newPage();
    this.page ??= await this.context.newPage();
    this.pageLent = true;
    const page = this.page;
    return bound(page, { ...this.tracked(page), close: () => this.wipePage(page), context: () => shown }, this.watch);
  }

  /** Takes off what the test added to `target` (the context or its page), last first. */
  private async undoOn(target: object) {
    const mine = this.undo.filter((u) => u.of === target).reverse();
    this.undo = this.undo.filter((u) => u.of !== target);
    for (const { run } of mine) await run();
  }

  /**
   * Leaves the page blank at the context's viewport, with no listener, route or init script of
   * the test; session storage (its tab's own) emptied before it leaves the test's origin.
   */
  private async wipePage(page: Page) {
    this.pageLent = false;
    if (page.isClosed()) return;
    await this.undoOn(page);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.evaluate(() => sessionStorage.clear()).catch(() => undefined);
    await page.goto('about:blank');
    await page.setViewportSize(this.options.viewport ?? { width: 1280, height: 720 });
  }

  private async giveBack() {
    if (this.spent) return this.context.close();
    try {
      if (this.pageLent && this.page) await this.wipePage(this.page);
      await this.undoOn(this.context);
      await this.context.unrouteAll({ behavior: 'ignoreErrors' });
      for (const other of this.context.pages()) if (other !== this.page) await other.close();
      this.undo = [];
      if (this.page?.isClosed()) this.page = this.cdp = undefined;
      this.page ??= await this.context.newPage();
      await this.context.clearCookies();
      await this.context.clearPermissions();
      this.cdp ??= await this.context.newCDPSession(this.page);
      for (const origin of this.origins) await this.cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
      this.origins.clear();
      await this.cdp.send('Network.clearBrowserCache');
      this.release(this);
    } catch {
      // Whatever could not be wiped is not lent again.
      await this.context.close();
    }
  }
}
