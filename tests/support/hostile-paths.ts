import net from 'node:net';

/**
 * Request targets that try to turn a host's redirect into a way off the site (issue 27): a
 * Location such as `//evil.com`, `/\evil.com` or `/<tab>/evil.com` is read by browsers as another
 * host. Written as JavaScript strings: `\\` is one raw backslash, `\t` a raw tab sent as is.
 * Every host rendering (serve-regions, nginx with nginx.conf, `_redirects`) is asked for all
 * of them, on a local host and on a .cn host (whose missing pages move to the .com host).
 */
export const HOSTILE_PATHS: readonly string[] = [
  '//evil.com',
  '//evil.com/',
  '///evil.com/',
  '////evil.com//',
  '//evil.com/?next=/',
  '//evil.com/%2F..',
  '/\\evil.com',
  '/\\evil.com/',
  '/\\\\evil.com/',
  '\\/evil.com/',
  '/\\/evil.com/',
  '/./\\evil.com/',
  '/%5Cevil.com/',
  '/%5cevil.com/',
  '/%5C%5Cevil.com/',
  '/%5C/evil.com/',
  '/%5C%2Fevil.com/',
  '/%2F%2Fevil.com/',
  '/%2f/evil.com/',
  '/%2F/evil.com',
  '/.//evil.com/',
  '/%2e//evil.com/',
  '/..//evil.com/',
  '/us/..//evil.com/',
  '/us//evil.com/',
  '/us/%5C%5Cevil.com/',
  '/us/%2F%2Fevil.com/',
  '/%09/evil.com/',
  '/%09//evil.com/',
  '/%0a/evil.com/',
  '/%0d%0a/evil.com/',
  '/%0D%0ALocation:%20https://evil.com/',
  '/%20/evil.com/',
  '/%00/evil.com/',
  '/%E3%80%82/evil.com/',
  '/%EF%BC%8F%EF%BC%8Fevil.com/',
  '/%E2%80%A8/evil.com/',
  '/\t/evil.com/',
  '/\t//evil.com/',
  '/\u000b/evil.com/',
  '/\u00e9/evil.com/',
  '/\u0001//evil.com/',
  '/https:/evil.com/',
  '/https://evil.com/',
  '/http:%2F%2Fevil.com/',
  '/@evil.com/',
  '/%40evil.com/',
  '//@evil.com/',
  '/evil.com%2F%2E%2E/',
  '/new-release/..%2F%2Fevil.com',
  '/us/new-release?//evil.com',
  '/us/new-release?next=//evil.com',
  '/?/evil.com/',
  '/us/no-such-page/\\evil.com',
  '/us/no-such-page/%5Cevil.com',
];

export interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends a request target byte for byte (Node's http client refuses raw controls and
 * backslashes, which is the point here) and reads the answer.
 */
export function rawGet(port: number, target: string, host: string): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      // Written, not ended: a half-closed connection may be dropped before its answer.
      socket.write(
        Buffer.concat([
          Buffer.from('GET '),
          Buffer.from(target, 'latin1'),
          Buffer.from(` HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
        ]),
      );
    });
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const at = line.indexOf(':');
        if (at > 0) headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), headers, body: rest.join('\r\n\r\n') });
    });
  });
}

/**
 * Where a browser on `https://<host>/` goes when it follows this Location (the WHATWG URL
 * parser, as browsers use it: it reads `\` as `/` and drops tabs and newlines), as a host name.
 */
export function hostAfterRedirect(location: string, host: string): string {
  return new URL(location, `https://${host}/`).host;
}
