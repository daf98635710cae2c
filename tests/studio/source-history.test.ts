import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textFingerprint } from '../../generator/index.ts';
import { createSourceHistory } from '../../studio/server/source-history.ts';

// The source text a stale translation was made from, found in git by the fingerprint its
// sources file records (studio/server/source-history.ts): never guessed.

let work: string;
let git: (...args: string[]) => string;

const page = (heading: string, lead: string) => `title: "Black Friday"\nheading: "${heading}"\nlead: "${lead}"\nkeywords: ["a", "b"]\n`;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'source-history-'));
  git = (...args) =>
    spawnSync('git', ['-c', 'user.name=Tester', '-c', 'user.email=tester@example.com', ...args], { cwd: work, encoding: 'utf8' }).stdout;
  await mkdir(path.join(work, 'content', 'pages', 'sale'), { recursive: true });
  await mkdir(path.join(work, 'content', 'messages'), { recursive: true });
  git('init', '-q');
  await writeFile(path.join(work, 'content', 'pages', 'sale', 'en.yaml'), page('Black Friday deals', 'First lead'));
  await writeFile(path.join(work, 'content', 'messages', 'en-US.yaml'), 'messages:\n  nav:\n    home: Home\n');
  git('add', '.');
  git('commit', '-qm', 'first');
  await writeFile(path.join(work, 'content', 'pages', 'sale', 'en.yaml'), page('Black Friday offers', 'First lead'));
  await writeFile(path.join(work, 'content', 'messages', 'en-US.yaml'), 'messages:\n  nav:\n    home: Start page\n');
  git('commit', '-qam', 'second');
  await writeFile(path.join(work, 'content', 'pages', 'sale', 'en.yaml'), page('Black Friday offers', 'Second lead'));
  git('commit', '-qam', 'third');
});

afterAll(() => rm(work, { recursive: true, force: true }));

describe('the source as it was', () => {
  it('is the text of the newest version whose text at that key has the recorded fingerprint', async () => {
    const history = createSourceHistory(path.join(work, 'content'));
    expect(await history.textAsItWas('pages/sale/en.yaml', 'page', 'heading', textFingerprint('Black Friday deals'))).toEqual({
      text: 'Black Friday deals',
    });
    expect(await history.textAsItWas('pages/sale/en.yaml', 'page', 'lead', textFingerprint('First lead'))).toEqual({ text: 'First lead' });
    // A page's keywords are one text, as the compiler reads them.
    expect(await history.textAsItWas('pages/sale/en.yaml', 'page', 'keywords', textFingerprint('a, b'))).toEqual({ text: 'a, b' });
    expect(await history.textAsItWas('messages/en-US.yaml', 'messages', 'messages.nav.home', textFingerprint('Home'))).toEqual({
      text: 'Home',
    });
  });

  it('is not guessed: a fingerprint no version has is said so, and a later commit that has it is found', async () => {
    const history = createSourceHistory(path.join(work, 'content'));
    const fingerprint = textFingerprint('Black Friday bargains');
    expect(await history.textAsItWas('pages/sale/en.yaml', 'page', 'heading', fingerprint)).toEqual({ unknown: 'not-found' });
    // The text at another key of a version is not the text at this key.
    expect(await history.textAsItWas('pages/sale/en.yaml', 'page', 'title', textFingerprint('Black Friday deals'))).toEqual({
      unknown: 'not-found',
    });
    // HEAD moved: the file's commits are read again.
    await writeFile(path.join(work, 'content', 'pages', 'sale', 'en.yaml'), page('Black Friday bargains', 'Second lead'));
    git('commit', '-qam', 'fourth');
    await writeFile(path.join(work, 'content', 'pages', 'sale', 'en.yaml'), page('Black Friday at last', 'Second lead'));
    git('commit', '-qam', 'fifth');
    expect(await history.textAsItWas('pages/sale/en.yaml', 'page', 'heading', fingerprint)).toEqual({ text: 'Black Friday bargains' });
  });

  it('says there is no git for a content folder outside a repository', async () => {
    const outside = await mkdtemp(path.join(os.tmpdir(), 'source-history-nogit-'));
    try {
      const history = createSourceHistory(outside);
      expect(await history.textAsItWas('pages/sale/en.yaml', 'page', 'heading', textFingerprint('x'))).toEqual({ unknown: 'no-git' });
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });
});
