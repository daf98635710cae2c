import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import path from 'node:path';
import { resolveBuildOptions } from '../../generator/index.ts';
import { studioClient } from './client-build.ts';
import { handleApi } from './routes.ts';
import { createGuard, Refusal, refuse, sessionCookie, setSecurityHeaders } from './security.ts';
import { serveStatic } from './static.ts';
import { sendReview } from './changes.ts';
import { createReviewPages } from './review-pages.ts';
import { githubFromEnv } from './propose-route.ts';
import type { GithubSettings } from './propose-route.ts';
import { createPreviews } from './previews.ts';
import { createWorkspace } from './workspace.ts';

/**
 * `build-region studio` (docs/studio.md): a local web app over the content folder's working
 * tree, for content maintainers and translators. It listens on the loopback address with a
 * secret per session (security.ts), and answers the page (studio/client/, built once per
 * version: client-build.ts) and its API (routes.ts) over the workspace (workspace.ts).
 */

export interface StudioOptions {
  /** The content folder (default `content`), relative to `cwd`. */
  content?: string;
  cwd?: string;
  /** The port (default 4400; 0: any free port). */
  port?: number;
  /** The instant the studio starts at (epoch ms), as the preview clock: default the real time. */
  now?: number;
  /** Where the built page is kept (default: the package's cache). */
  clientCache?: string;
  /** Where Propose opens pull requests (default: GITHUB_TOKEN, GITHUB_REPOSITORY and GITHUB_API_URL of the environment). */
  github?: GithubSettings;
}

export interface Studio {
  /** The address to open: it carries the session's secret. */
  readonly url: string;
  readonly port: number;
  readonly secret: string;
  close(): Promise<void>;
}

export const DEFAULT_STUDIO_PORT = 4400;

export async function startStudio(options: StudioOptions = {}): Promise<Studio> {
  const resolved = resolveBuildOptions({ content: options.content, cwd: options.cwd });
  const root = path.resolve(resolved.cwd, resolved.contentDir);
  // The preview clock: it runs from the instant given, as real time does.
  const offset = options.now === undefined ? 0 : options.now - Date.now();
  const workspace = createWorkspace({ root, cwd: resolved.cwd, now: () => Date.now() + offset });
  const github = options.github ?? githubFromEnv(process.env);
  const previews = createPreviews({
    root,
    cwd: resolved.cwd,
    now: () => Date.now() + offset,
    regions: async () => (await workspace.current()).model.regions.map((r) => r.data.code),
    overlay: () => workspace.unsaved,
  });
  const [client] = await Promise.all([studioClient(options.clientCache), workspace.current()]);
  const reviews = createReviewPages();
  let port = 0;
  const guard = createGuard(() => port);
  const server: Server = createServer((req, res) => {
    void answer(req, res).catch((error: unknown) => {
      if (error instanceof Refusal) return refuse(res, error);
      console.error(error);
      refuse(
        res,
        new Refusal(500, `The studio could not answer: ${error instanceof Error ? error.message : String(error)}. Nothing was written.`),
      );
    });
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    if (!guard.admit(req, res)) return;
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    setSecurityHeaders(res);
    if (url.searchParams.has('token')) {
      // The printed address: the secret goes into the cookie and out of the address bar.
      res.statusCode = 303;
      res.setHeader('Set-Cookie', sessionCookie(guard));
      res.setHeader('Location', '/');
      return void res.end();
    }
    if (url.pathname.startsWith('/api/')) return handleApi(req, res, url, workspace, previews, reviews, github);
    // A review page of the Changes view (changes.ts): its own CSP.
    const review = /^\/review\/([0-9a-f]{16})$/.exec(url.pathname)?.[1];
    if (review && req.method === 'GET') return sendReview(res, reviews, review);
    if (req.method !== 'GET' && req.method !== 'HEAD') throw new Refusal(405, 'Refused: the studio page is read with GET.');
    await serveStatic(res, client, url.pathname);
  };
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULT_STUDIO_PORT, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/?token=${guard.secret}`,
    port,
    secret: guard.secret,
    async close() {
      await previews.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
