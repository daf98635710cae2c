import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answer, FALLBACK_RULES, isSameSiteLocation } from '../../core/host-rules.ts';
import type { HostRules } from '../../core/host-rules.ts';

/** Rules of two regions, us (its .cn hosts move to .com) and cn at /, and one redirect route. */
const RULES: HostRules = {
  ...FALLBACK_RULES,
  regions: [
    { code: 'us', prefix: '/us', notFound: '/us/404.html', cnToCom: true },
    { code: 'cn', prefix: '', notFound: '/404.html', cnToCom: true },
  ],
  redirects: [{ from: '/us/new-release', to: '/us/mini-robot' }],
};
const FILES = new Set(['/index.html', '/us/index.html', '/us/faq/index.html', '/hosts.json']);
const find = async (pathname: string) =>
  FILES.has(pathname)
    ? pathname
    : FILES.has(`${pathname.replace(/\/$/, '')}/index.html`)
      ? `${pathname.replace(/\/$/, '')}/index.html`
      : undefined;

/** Pieces an attacker puts together: slashes both ways, encoded or not, controls, dots, hosts. */
const piece = fc.constantFrom(
  '/',
  '//',
  '\\',
  '%5C',
  '%5c',
  '%2F',
  '%2f',
  '%09',
  '\t',
  '\n',
  '%0d%0a',
  '%00',
  ' ',
  '%20',
  '.',
  '..',
  '%2e',
  '@',
  'evil.com',
  'us',
  'faq',
  'new-release',
  'https:',
  '?',
  '?//x',
  '#',
  'é',
  '%E3%80%82',
  '\u000b',
);

describe('the host rules (core/host-rules.ts)', () => {
  it('never answer a Location that a browser follows to another host, whatever the path', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(piece, { minLength: 1, maxLength: 10 }),
        fc.constantFrom('localhost', 'www.example.cn', 'evil.com/x.cn', 'a.cn#'),
        async (pieces, hostname) => {
          const target = `/${pieces.join('')}`;
          const queryAt = target.indexOf('?');
          const rawPath = queryAt === -1 ? target : target.slice(0, queryAt);
          const result = await answer(RULES, { hostname, rawPath, query: queryAt === -1 ? '' : target.slice(queryAt) }, find);
          if (result.status !== 301) return;
          // A browser on https://site.test follows it: to the same host, or to this host's .com twin.
          const followed = new URL(result.location, 'https://site.test/').host;
          expect(
            ['site.test', hostname.replace(/\.cn$/, '.com')],
            `${JSON.stringify(target)} on ${hostname} -> ${result.location}`,
          ).toContain(followed);
          if (followed !== 'site.test') expect(hostname).toBe('www.example.cn');
        },
      ),
      { numRuns: 3000 },
    );
  });

  it.each([
    ['/%5Cevil.com/', 301, '/%5Cevil.com'],
    ['/\\evil.com/', 400, undefined],
    ['//evil.com/', 301, '/evil.com'],
    ['/%09/evil.com/', 301, '/%09/evil.com'],
    ['/us/../hosts.json', 404, undefined],
    ['/us/%2e%2e/hosts.json', 404, undefined],
    ['/../hosts.json', 400, undefined],
    ['/%00/x', 400, undefined],
  ])('answer %j with %i (Location %j)', async (rawPath, status, location) => {
    const result = await answer(RULES, { hostname: 'localhost', rawPath, query: '' }, find);
    expect(result.status).toBe(status);
    expect('location' in result ? result.location : undefined).toBe(location);
  });

  it('move a missing page from a .cn host to the .com host only for a host name DNS could have', async () => {
    expect(await answer(RULES, { hostname: 'www.example.cn', rawPath: '/us/x', query: '' }, find)).toEqual({
      status: 301,
      location: 'https://www.example.com/us/x',
    });
    expect((await answer(RULES, { hostname: 'evil.com/x.cn', rawPath: '/us/x', query: '' }, find)).status).toBe(404);
    expect((await answer(RULES, { hostname: 'evil.com#.cn', rawPath: '/us/x', query: '' }, find)).status).toBe(404);
  });

  it('tell a same-site Location from one that leaves', () => {
    for (const good of ['/', '/us/faq', '/%5Cx', '/us/faq?x=//y', '/./evil.com']) expect(isSameSiteLocation(good), good).toBe(true);
    for (const bad of ['//evil.com', '/\\evil.com', '\\/evil.com', '/\t/evil.com', 'https://evil.com', '', 'evil.com', '/é'])
      expect(isSameSiteLocation(bad), bad).toBe(false);
  });
});
