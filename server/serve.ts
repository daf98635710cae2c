import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { BACKENDS_FILE, isBackendsData } from '../core/backends.ts';
import { recoverOutput } from '../files/commit.ts';
import type { BackendRegion, BackendsData } from '../core/backends.ts';
import type { Server } from 'node:http';
import { FALLBACK_RULES, HOST_RULES_FILE, isHostRules, regionOfPath } from '../core/host-rules.ts';
import type { HostRules } from '../core/host-rules.ts';
import type { AddressInfo, Socket } from 'node:net';
import { createEmulatedClock } from './backends/clock.ts';
import { createEmulator } from './emulator.ts';
import type { Emulator, EmulatorOptions } from './emulator.ts';
import { createStaticHandler } from './static.ts';

export interface ServeOptions {
  /** Built output folder (default `dist`). */
  dir: string;
  port: number;
  host: string;
  /** Where the emulated back ends' clock starts (epoch ms); default: the real time. */
  now?: number;
  /** Folder of the emulated back ends' databases, so accounts and mail survive a restart; default: memory only. */
  dataDir?: string;
  /**
   * Adds the preview clock (a toolbar to move the emulated clock) to every page served; the
   * built files are not changed. serve-regions turns it on; default off.
   */
  previewClock?: boolean;
  /** Further settings of the emulated back ends (limits, scrypt cost), mostly for tests. */
  emulator?: Pick<EmulatorOptions, 'limits' | 'passwordCost'>;
  /** What the back ends know of the sites; default: the build's `backends.json` in `dir`. */
  sites?: BackendsData;
  /** How long a client may take to send a request's headers, and the whole request, in ms (`REQUEST_TIMEOUTS`). */
  timeouts?: { headers: number; request: number };
}

/**
 * A client that sends its headers or body slowly (or never) is cut off: 10 s for the headers,
 * 15 s for the whole request (the API's bodies are at most 16 KiB). Node's defaults hold such a
 * connection for 5 minutes.
 */
export const REQUEST_TIMEOUTS = { headers: 10_000, request: 15_000 } as const;

/** The request timeouts as options of `http.createServer`, checked every second. */
export function slowClientLimits(timeouts: { headers: number; request: number } = REQUEST_TIMEOUTS): {
  headersTimeout: number;
  requestTimeout: number;
  connectionsCheckingInterval: number;
} {
  return {
    headersTimeout: timeouts.headers,
    requestTimeout: timeouts.request,
    connectionsCheckingInterval: Math.min(1000, timeouts.headers),
  };
}

/** Applies the request timeouts to a server made elsewhere (Vite's): it checks them at its own interval. */
export function limitSlowClients(server: Server, timeouts: { headers: number; request: number } = REQUEST_TIMEOUTS): void {
  server.headersTimeout = timeouts.headers;
  server.requestTimeout = timeouts.request;
}

/** The back-end data a build wrote beside the sites (backends.json); a clear error when it is missing or damaged. */
export async function readBackendsData(dir: string): Promise<BackendsData> {
  const file = path.join(dir, BACKENDS_FILE);
  const text = await readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) throw new Error(`${file} does not exist: build the sites first (npx build-region --all)`);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    data = undefined;
  }
  if (!isBackendsData(data)) throw new Error(`${file} is not the back-end data of a build: build the sites again (npx build-region --all)`);
  return data;
}

/**
 * The host rules of a build (hosts.json: redirects, not-found pages, cache and security headers).
 * A dist/ built before it existed gets the fallback: no redirects, the strictest policy.
 */
export async function readHostRules(dir: string): Promise<HostRules> {
  const file = path.join(dir, HOST_RULES_FILE);
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return FALLBACK_RULES;
  }
  if (!isHostRules(data)) throw new Error(`${file} is not the host rules of a build: build the sites again (npx build-region --all)`);
  return data;
}

/**
 * The regions whose pages the folder holds (a region's home, `<base path>/index.html`), in the
 * content's order. A build of some regions (`build-region --pseudo us --out dist-pseudo`) writes
 * only theirs, while its backends.json and hosts.json still name every region of the content.
 */
export async function builtRegions(dir: string, sites: BackendsData): Promise<BackendRegion[]> {
  const built = await Promise.all(
    sites.regions.map(async (region) => {
      const home = path.join(dir, ...region.basePath.split('/').filter(Boolean), 'index.html');
      return (await stat(home).catch(() => undefined))?.isFile() === true;
    }),
  );
  return sites.regions.filter((_, index) => built[index]);
}

/**
 * The host rules without the redirect routes of regions the folder lacks: a path of an absent
 * region answers 404 (its not-found page is absent too: a plain one), not 301 to a page that is not there.
 */
export function rulesOfBuiltRegions(rules: HostRules, built: readonly BackendRegion[]): HostRules {
  if (rules.regions.length === 0) return rules;
  const codes = new Set(built.map((region) => region.code));
  const redirects = rules.redirects.filter((redirect) => {
    const region = regionOfPath(rules, redirect.from);
    return region === undefined || codes.has(region.code);
  });
  return redirects.length === rules.redirects.length ? rules : { ...rules, redirects };
}

/** The preview clock's script tag, added before `</body>` of the pages a preview server sends. */
export const PREVIEW_CLOCK_TAG = '<script src="/__emulator/preview-clock.js" defer></script>';

export interface RunningServer {
  server: Server;
  /** The server's root (`http://localhost:4173/`). */
  url: string;
  /** The regions of the build the folder holds (`builtRegions`): all of them after `--all`, fewer after a build of some. */
  regions: readonly BackendRegion[];
  /** The address of the first region it holds (`http://localhost:4173/` for cn, `http://localhost:4173/us` for a build of us), else the root. */
  home: string;
  emulator: Emulator;
  close(): Promise<void>;
}

/** Starts the preview server: the built output, served as a static host would, and the emulated back ends. */
export async function startServer(options: ServeOptions): Promise<RunningServer> {
  // A build killed while it switched the output leaves a journal: finish its switch before serving a file.
  await recoverOutput(options.dir);
  const sites = options.sites ?? (await readBackendsData(options.dir));
  const regions = await builtRegions(options.dir, sites);
  const rules = rulesOfBuiltRegions(await readHostRules(options.dir), regions);
  const handle = createStaticHandler({ root: options.dir, rules, ...(options.previewClock && { inject: PREVIEW_CLOCK_TAG }) });
  const emulator = createEmulator({ ...options.emulator, sites, clock: createEmulatedClock(options.now), dataDir: options.dataDir });
  // Connections, and those with a request under way: closing ends the others at once.
  const connections = new Set<Socket>();
  const answering = new Set<Socket>();
  let closing = false;
  const server = createServer(slowClientLimits(options.timeouts), (req, res) => {
    answering.add(req.socket);
    res.once('close', () => {
      answering.delete(req.socket);
      if (closing) req.socket.destroy(); // answered (handed to the system), not kept alive
    });
    const pathname = (req.url ?? '/').split('?', 1)[0] ?? '/';
    emulator.handle(req, res, pathname).then(
      (handled) => {
        if (!handled) void handle(req, res);
      },
      (error: unknown) => {
        console.error(error);
        if (!res.headersSent)
          res
            .writeHead(500, { 'content-type': 'application/json', 'x-content-type-options': 'nosniff' })
            .end('{"code":500,"message":"Internal server error"}');
        else res.destroy();
      },
    );
  });
  server.on('connection', (socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : '400 Bad Request';
    if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => resolve());
    });
  } catch (error) {
    emulator.close();
    throw error;
  }
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host === '127.0.0.1' || host === '[::1]' ? 'localhost' : host}:${address.port}/`;
  return {
    server,
    emulator,
    url,
    regions,
    home: `${url}${regions[0]?.basePath.slice(1) ?? ''}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          // After the last request is answered, so no handler meets a closed database.
          emulator.close();
          resolve();
        });
        closing = true;
        // A connection with no request under way would hold the close until the client drops it:
        // one kept alive, or one a browser opened ahead and never used (Node's own close ends only
        // the former, and no timeout ends the latter). A request under way is answered first.
        for (const socket of connections) if (!answering.has(socket)) socket.destroy();
      }),
  };
}
