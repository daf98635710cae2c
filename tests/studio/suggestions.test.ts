import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Refusal } from '../../studio/server/security.ts';
import { likeness, suggestionsFor } from '../../studio/server/suggestions.ts';
import { createWorkspace } from '../../studio/server/workspace.ts';
import type { Workspace } from '../../studio/server/workspace.ts';
import { copyFixtureContent, replaceInFile } from '../support/content.ts';

// Suggestions for a translator (docs/studio.md, "Suggestions"): current translations, in the same
// language, of the same or a close source text, best first, each saying where it is and what differs.

describe('how alike two source texts are', () => {
  it('counts words changed over the longer text, case and punctuation aside', () => {
    expect(likeness('Choose a password.', 'Choose a password.')).toBe(1);
    expect(likeness('We sent you a new code.', 'We sent you a new link.')).toBeCloseTo(5 / 6);
    expect(likeness('Height (robot mode)', 'height, robot mode')).toBe(1 - 0 / 3);
    expect(likeness('Height (robot mode)', 'Height in robot mode')).toBe(0.75);
  });

  it('gives nothing below half alike, however the lengths compare', () => {
    expect(likeness('Buy now', 'Buy the Mini Robot now, while stocks last')).toBeUndefined();
    expect(likeness('Server error', 'Login expired')).toBeUndefined();
    // Exactly half: shown.
    expect(likeness('one two three four', 'one two five six')).toBe(0.5);
    expect(likeness('', 'anything')).toBeUndefined();
  });
});

describe('suggestions for a text of a translation', () => {
  let work: string;
  let workspace: Workspace;
  const FR = 'messages/fr-FR.yaml';
  const KEY = 'messages.account.screens.setPassword.description';

  beforeAll(async () => {
    const copy = await copyFixtureContent();
    work = copy.work;
    await replaceInFile(
      path.join(copy.content, 'messages/en-US.yaml'),
      '"Choose a password for your Axlebot account."',
      '"Choose a new password for your Axlebot account."',
    );
    workspace = createWorkspace({ root: copy.content, cwd: work, now: () => Date.parse('2026-11-27T12:00:00Z') });
  });

  afterAll(() => rm(work, { recursive: true, force: true }));

  it('offers the current translations of the same and of close source texts, best first, never the text itself', async () => {
    const answer = await suggestionsFor(workspace, FR, KEY);
    expect(answer.source).toBe('Choose a new password for your Axlebot account.');
    expect(answer.suggestions.map(({ text, from, alike }) => ({ text, from, alike }))).toEqual([
      {
        text: 'Choisissez un nouveau mot de passe pour votre compte Axlebot.',
        from: { id: FR, key: 'messages.account.screens.resetPassword.description', locale: 'fr-FR' },
        alike: 100,
      },
      {
        text: 'Réinitialisez le mot de passe de votre compte Axlebot.',
        from: { id: FR, key: 'messages.account.screens.forgotPassword.description', locale: 'fr-FR' },
        alike: 50,
      },
    ]);
    // The same source needs no diff; a close one says what differs.
    expect(answer.suggestions[0]!.diff).toBeUndefined();
    expect(answer.suggestions[1]!.diff?.filter((part) => part.kind === 'added').map((part) => part.text)).toEqual(['Choose a new ', 'for']);
  });

  it('takes only current translations: a stale one translates another source', async () => {
    // resetPassword's source changes too: its French is stale, and no longer offered.
    await workspace.draft(
      'messages/en-US.yaml',
      (await workspace.sources())
        .find((s) => s.id === 'messages/en-US.yaml')!
        .text.replace(
          'title: "Reset your password"\n        description: "Choose a new password for your Axlebot account."',
          'title: "Reset your password"\n        description: "Pick a new password for your Axlebot account."',
        ),
    );
    const answer = await suggestionsFor(workspace, FR, KEY);
    expect(answer.suggestions.map((s) => s.from.key)).not.toContain('messages.account.screens.resetPassword.description');
  });

  it('refuses a file that translates nothing and a key the file lacks, in words', async () => {
    await expect(suggestionsFor(workspace, 'messages/en-US.yaml', KEY)).rejects.toThrow(Refusal);
    await expect(suggestionsFor(workspace, 'messages/en-US.yaml', KEY)).rejects.toThrow(
      "'messages/en-US.yaml' is no translated file (one that says what it translates).",
    );
    await expect(suggestionsFor(workspace, FR, 'messages.nothing')).rejects.toThrow(
      "messages/fr-FR.yaml has no text 'messages.nothing' to translate.",
    );
  });
});
