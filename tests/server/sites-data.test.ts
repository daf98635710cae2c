import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BackendsData } from '../../core/backends.ts';
import { createMessages, localeFor } from '../../server/backends/messages.ts';
import { readBackendsData, startServer } from '../../server/serve.ts';

/** Back-end data as a build would write it, for a content with a region of its own (ca on a back end "north"). */
const DATA: BackendsData = {
  newUserReward: 350,
  fallbackLocale: 'en-US',
  backends: { north: { production: 'https://api-north.example.com', preproduction: 'https://api-north.pre.example.com' } },
  regions: [
    { code: 'ca', backend: 'north', locale: 'en-CA', iso: 'CA', origin: 'https://www.example.ca', basePath: '' },
    { code: 'qc', backend: 'north', locale: 'fr-CA', iso: 'CA', origin: 'https://www.example.ca', basePath: '/qc' },
  ],
  messages: { 'en-US': { code4010: 'Wrong password.' }, 'fr-CA': { code4010: 'Mauvais mot de passe.' }, 'en-CA': {} },
};

describe('the emulated back ends read the data the build compiled', () => {
  it("answer in the region's language, else the fallback locale's, else the English of docs/api.md", () => {
    const messages = createMessages(() => DATA);
    expect(localeFor('qc', DATA)).toBe('fr-CA');
    expect(localeFor('en', DATA)).toBe('en-US');
    expect(localeFor('fr-FR,fr;q=0.9', DATA)).toBe('fr-CA');
    expect(messages.text(localeFor('qc', DATA), 4010)).toBe('Mauvais mot de passe.');
    expect(messages.text(localeFor('ca', DATA), 4010)).toBe('Wrong password.');
    expect(messages.text('en-CA', 4012)).toBe('No account found with this email.');
  });

  it('serve the back ends the data names, and give a new account its reward', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'robot-sites-data-'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>ca</title>');
    await writeFile(path.join(dir, 'backends.json'), JSON.stringify(DATA));
    const server = await startServer({ dir, port: 0, host: '127.0.0.1', emulator: { passwordCost: 1024 } });
    try {
      const call = (pathname: string, body?: object) =>
        fetch(
          new URL(pathname, server.url),
          body ? { method: 'POST', headers: { 'content-type': 'application/json', region: 'qc' }, body: JSON.stringify(body) } : undefined,
        ).then((r) => r.json() as Promise<{ code: number; data: Record<string, unknown> }>);
      expect((await call('/_api/north/ssr/iso')).data.iso).toBe('CA');
      expect((await call('/_api/us/ssr/timestamp')).code).toBe(404);
      const email = 'reward@example.com';
      const registered = await call('/_api/north/account/user/register/pwd', { email, password: 'robots4ever' });
      expect(registered.code).toBe(2000);
      const outbox = (await call(`/__emulator/outbox.json?to=${email}`)).data as unknown as { text: string; link: string }[];
      expect(outbox[0]!.text).toContain('350 credits');
      expect(outbox[0]!.link).toMatch(/\/qc\/verification-success\?token=/);
    } finally {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuse to start without the data of a build, saying what to do', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'robot-sites-data-'));
    try {
      await expect(readBackendsData(dir)).rejects.toThrow(/backends\.json does not exist: build the sites first/);
      await writeFile(path.join(dir, 'backends.json'), '{"regions": 3}');
      await expect(readBackendsData(dir)).rejects.toThrow(/is not the back-end data of a build/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
