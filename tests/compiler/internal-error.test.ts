import { describe, expect, it, vi } from 'vitest';

vi.mock('../../generator/check.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../generator/check.ts')>()),
  checkContent: () => {
    throw new TypeError('a bug in the compiler');
  },
}));

const { main } = await import('../../generator/cli.ts');

describe('a bug in the compiler', () => {
  it('is reported as an internal error with a request to report it, and exit status 70', async () => {
    let stderr = '';
    const status = await main(['--check'], { isTTY: false, env: {}, stdout: () => {}, stderr: (t) => (stderr += t) });
    expect(status).toBe(70);
    expect(stderr).toContain(
      'build-region: internal error E9999. This is a bug in build-region, not in your content; please report it with the command you ran.',
    );
    expect(stderr).toContain('TypeError: a bug in the compiler');
  });
});
