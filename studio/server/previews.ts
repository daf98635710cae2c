import { startDevServer } from '../../preview/dev/index.ts';
import type { DevServer } from '../../preview/dev/index.ts';
import type { CompileResult } from '../../generator/index.ts';
import { Refusal } from './security.ts';

/**
 * The preview beside the editor (docs/studio.md, "Preview"): the live preview of one region
 * (preview/dev, `build-region --dev`), rendered from the content with the studio's unsaved
 * texts over it, at the studio's clock. One region at a time: opening another closes the last.
 * Each edit the studio checks compiles again, and the page in the frame follows without a reload.
 */
export interface Previews {
  /** The preview of a region (started now if it is not the one running): its address. */
  open(region: string): Promise<{ region: string; url: string; origin: string }>;
  /**
   * The unsaved texts changed: the running preview shows them. `compiled` is the studio's own
   * compile of them (its check), shown as it is while the preview's clock is the studio's.
   */
  update(compiled?: CompileResult): void;
  /**
   * One file's unsaved text as it is typed: a page's texts show at once; the rest waits for the
   * check that follows (`update`), so that the check's compile runs first (one thread).
   */
  quick(edited: { id: string; text: string }): void;
  /** Moves the clock of the preview (and of its back ends) to an instant, and renders again. */
  setClock(instant: number): Promise<number>;
  /** The preview's clock now (it runs on from the instant last set): what its pages show. */
  now(): number;
  close(): Promise<void>;
}

export function createPreviews(options: {
  root: string;
  cwd: string;
  now: () => number;
  regions: () => Promise<readonly string[]>;
  overlay: () => ReadonlyMap<string, string>;
}): Previews {
  let running: { region: string; server: Promise<DevServer> } | undefined;
  let clock: number | undefined;
  // When the clock was last set (real time), so that it runs on from there as the preview's does.
  let setAt = 0;
  const start = (region: string) =>
    startDevServer({
      region,
      content: options.root,
      cwd: options.cwd,
      port: 0,
      now: clock ?? options.now(),
      overlay: () => (options.overlay().size > 0 ? options.overlay() : undefined),
      // Nothing written outside the content folder (the generated modules are for `--dev`'s editors).
      modules: false,
    });
  const previews: Previews = {
    async open(region) {
      if (!(await options.regions()).includes(region)) throw new Refusal(404, `No region '${region.slice(0, 20)}' in the content.`);
      if (running?.region !== region) {
        const last = running;
        running = { region, server: start(region) };
        running.server.catch(() => (running = undefined));
        void last?.server.then((server) => server.close()).catch(() => undefined);
      }
      const server = await running.server;
      // It listens on the loopback address (its printed address says localhost).
      const url = new URL(server.url);
      url.hostname = '127.0.0.1';
      return { region, url: url.href, origin: url.origin };
    },
    update(compiled) {
      void running?.server
        .then((server) => (compiled && clock === undefined ? server.show(compiled) : server.update()))
        .catch(() => undefined);
    },
    quick(edited) {
      void running?.server.then((server) => server.update(edited, true)).catch(() => undefined);
    },
    async setClock(instant) {
      clock = instant;
      setAt = Date.now();
      const server = await running?.server.catch(() => undefined);
      server?.emulator.clock.set(instant);
      server?.update();
      return instant;
    },
    now: () => (clock === undefined ? options.now() : clock + (Date.now() - setAt)),
    async close() {
      const last = running;
      running = undefined;
      await last?.server.then((server) => server.close()).catch(() => undefined);
    },
  };
  return previews;
}
