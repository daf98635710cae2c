import { describe, expect, it } from 'vitest';
import { compileLoaded, parseContent, readContentSources, validateContent, resolveContent, PACKAGE_ROOT } from '../../generator/index.ts';
import { readSourceArt } from '../../generator/art/images.ts';
import path from 'node:path';

/** Freezes a value and everything it holds, so that any later write throws (modules are strict). */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

const root = path.join(PACKAGE_ROOT, 'content');
const sources = await readContentSources(root);
const art = await readSourceArt(root);
const parse = (list: typeof sources) => parseContent(root, list, process.cwd(), undefined, art);
const NOW = Date.parse('2026-11-22T12:00:00+08:00');

describe('the compiler stages', () => {
  it('never change what an earlier stage returned: load -> validate -> resolve on frozen input', () => {
    const loaded = parse(sources);
    for (const file of loaded.files) deepFreeze(file.data);
    deepFreeze(loaded.files);
    const validated = validateContent(loaded);
    deepFreeze(validated.content);
    const resolved = resolveContent(validated.content, { now: NOW });
    expect([...validated.diagnostics, ...resolved.diagnostics]).toEqual([]);
    // The same model as from content nobody froze.
    const fresh = compileLoaded(parse(sources), NOW);
    expect(resolved.model).toEqual(fresh.model);
  });

  it('pass on only the files that match their schemas, typed by kind, and still know the others exist', () => {
    const broken = sources.map((s) =>
      s.id === 'regions/kr/region.yaml' ? { ...s, text: s.text.replace('currency: KRW', 'currency: 12') } : s,
    );
    const { content, diagnostics } = validateContent(parse(broken));
    expect(diagnostics.map((d) => `${d.file} ${d.code}`)).toEqual(['content/regions/kr/region.yaml E0103']);
    expect(content.regions.map((r) => r.data.code)).not.toContain('kr');
    expect(content.regions.length).toBe(7);
    expect(content.present.has('regions/kr/region.yaml')).toBe(true);
    // A region whose file failed its schema is reported once: nothing else about it is missing.
    const resolved = resolveContent(content, { now: NOW });
    expect(resolved.diagnostics).toEqual([]);
    expect(resolved.model.regions.map((r) => r.data.code)).not.toContain('kr');
  });

  it("compile the back ends' data from the content: regions, locales, reward and texts merged along extends", () => {
    const { model } = compileLoaded(parse(sources), NOW);
    const data = model.backends;
    expect(data.newUserReward).toBe(200);
    expect(data.fallbackLocale).toBe('en-US');
    expect(Object.keys(data.backends)).toEqual(['cn', 'eu', 'us']);
    expect(data.backends.cn!.regionalLogin).toBe(true);
    expect(data.regions.filter((r) => r.backend === 'eu').map((r) => r.code)).toEqual(['uk', 'eu', 'fr', 'de']);
    // en-GB writes none of the answer texts itself: it has en-US's, through extends.
    expect(data.messages['en-GB']!.code4010).toBe(data.messages['en-US']!.code4010);
    expect(data.messages['fr-FR']!.code4010).not.toBe(data.messages['en-US']!.code4010);
  });

  it("give the back ends their mail texts and brand per locale, and the pages' catalogues none of the mail", () => {
    const { model } = compileLoaded(parse(sources), NOW);
    const data = model.backends;
    expect(data.messages['ja-JP']!['site.name']).toBe('Axlebot ロボティクス');
    expect(data.messages['ja-JP']!['mail.loginSubject']).toContain('{code}');
    // en-GB's mail is en-US's, through extends; fr-FR writes its own.
    expect(data.messages['en-GB']!['mail.resetLink']).toBe(data.messages['en-US']!['mail.resetLink']);
    expect(data.messages['fr-FR']!['mail.resetLink']).not.toBe(data.messages['en-US']!['mail.resetLink']);
    for (const region of model.regions) {
      const keys = Object.keys(region.data.messages);
      expect(
        keys.filter((key) => key.startsWith('mail.')),
        region.data.code,
      ).toEqual([]);
      expect(keys, region.data.code).toContain('site.name');
      expect(keys, region.data.code).toContain('errors.code4010');
    }
  });
});
