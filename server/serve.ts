import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createStaticHandler } from './static.ts';

export interface ServeOptions {
  /** Built output folder (default `dist`). */
  dir: string;
  port: number;
  host: string;
}

export interface RunningServer {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/** Starts the preview server: the built output, served as a static host would. */
export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const handle = createStaticHandler({ root: options.dir });
  const server = createServer((req, res) => void handle(req, res));
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    server,
    url: `http://${host === '127.0.0.1' || host === '[::1]' ? 'localhost' : host}:${address.port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
