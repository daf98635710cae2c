import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as EsbuildModule from 'esbuild';
import type HandlebarsModule from 'handlebars';
import { cacheKey, readEntry, writeEntry } from '../cache.ts';
import { TEMPLATE_DIR } from '../paths.ts';
import type { Head } from '../../core/model.ts';
import type { ConsentBanner } from '../resolve/model.ts';

export interface PageShell {
  /** The page's head fields (the JSON-LD objects are serialised into `jsonLd`). */
  head: Omit<Head, 'jsonLd'>;
  /** Structured data, each already serialised safely for a script element. */
  jsonLd: string[];
  /** The region's base path with a trailing slash: `/` or `/us/`. */
  base: string;
  entry: string;
  /** Stylesheet text to inline in a <style> element. */
  css: string;
  /** The modules the page's first render needs besides the entry: the loader fetches them with it (templates/app-loader.js). */
  preloads: string[];
  /** The region's site data file (core/model/split.ts `SiteDataFile`), fetched with the code; none where the route data carries it (the live preview). */
  siteData?: string;
  /** The region chooser: a country chosen before the app is live is kept too (templates/country-choice.js). */
  countryChoice?: boolean;
  /** Loads the app at once, not when the browser is idle (the live preview, whose styles come with its code). */
  loadNow?: boolean;
  /** Prerendered markup of the app (trusted: produced by React's renderer). */
  html: string;
  /** The instant the page was rendered at, in epoch milliseconds; the client hydrates with it. */
  now: number;
  /**
   * The data the first render needs beyond the entry and the site data (the route, its text, the
   * products it shows), serialised safely for a script element: the client reads it from the
   * page instead of loading chunks.
   */
  routeData?: string;
  /** The consent banner, in a region that asks before analytics (its script goes first in the head). */
  consent?: ConsentBanner;
}

const cache = new Map<string, HandlebarsModule.TemplateDelegate>();
/** Templates precompiled (Handlebars' `precompile`: the JavaScript of a template), by name. */
const specs = new Map<string, string>();
let handlebars: typeof HandlebarsModule | undefined;
let runtime: typeof HandlebarsModule | undefined;
let esbuild: typeof EsbuildModule | undefined;
const load = createRequire(import.meta.url);
const COMPILE_OPTIONS = { strict: false, noEscape: false } as const;

/**
 * Renders a Handlebars template from templates/ (strict about missing fields), compiled once:
 * from its precompiled JavaScript where the build prepared it (`prepareTemplates`), with
 * Handlebars' runtime alone; else by Handlebars' compiler.
 */
export function renderTemplate(name: string, data: object): string {
  let template = cache.get(name);
  if (!template) {
    const spec = specs.get(name);
    if (spec === undefined) {
      // Handlebars loads on the first template, so a check that renders none never loads it.
      handlebars ??= load('handlebars') as typeof HandlebarsModule;
      template = handlebars.compile(templateSource(name), COMPILE_OPTIONS);
    } else {
      runtime ??= load('handlebars/runtime') as typeof HandlebarsModule;
      // The template's own code, made by Handlebars from our templates/ and kept sealed in the build cache.
      template = runtime.template(new Function(`return ${spec}`)() as Parameters<typeof HandlebarsModule.template>[0]);
    }
    cache.set(name, template);
  }
  return template(data);
}

const templateSource = (name: string) => readFileSync(path.join(TEMPLATE_DIR, name), 'utf8');

/** The templates a build renders. */
const BUILD_TEMPLATES = ['page.html.hbs', 'redirect.html.hbs', 'favicon.svg.hbs', 'robots.txt.hbs', 'sitemap.xml.hbs'] as const;

/**
 * The build's templates, precompiled, from the build cache (`template`: keyed by the sources,
 * templates/ and the lock file among them), made and kept there when missing: a rebuild loads
 * Handlebars' runtime alone and compiles no template (its compiler and the compiling were a
 * twentieth of an unchanged rebuild's time).
 */
export async function prepareTemplates(cacheDir: string | undefined): Promise<void> {
  await Promise.all(
    BUILD_TEMPLATES.map(async (name) => {
      if (specs.has(name) || cache.has(name)) return;
      const key = cacheKey('template', name);
      const stored = await readEntry(cacheDir, 'template', key);
      if (stored) return void specs.set(name, stored.toString('utf8'));
      handlebars ??= load('handlebars') as typeof HandlebarsModule;
      const spec = String(handlebars.precompile(templateSource(name), COMPILE_OPTIONS));
      specs.set(name, spec);
      await writeEntry(cacheDir, 'template', key, spec);
    }),
  );
}

/** The precompiled templates, for a page thread (generator/prerender/page-thread.ts). */
export function templateSpecs(): [string, string][] {
  return [...specs];
}

/** Templates precompiled by another thread (`templateSpecs`). */
export function useTemplateSpecs(made: readonly [string, string][]): void {
  for (const [name, spec] of made) specs.set(name, spec);
}

const scripts = new Map<string, string>();

type InlineScript = 'app-loader.js' | 'consent.js' | 'country-choice.js' | 'speculation-rules.json';

/** An inline script of templates/, minified (esbuild; JSON without its spaces), read once: the bytes every page carries. */
function inlineScript(name: InlineScript): string {
  let script = scripts.get(name);
  if (script === undefined) {
    const source = readFileSync(path.join(TEMPLATE_DIR, name), 'utf8');
    script = name.endsWith('.json')
      ? JSON.stringify(JSON.parse(source))
      : (esbuild ??= load('esbuild') as typeof EsbuildModule)
          .transformSync(source, { minify: true, target: 'es2017', charset: 'utf8' })
          .code.trim();
    scripts.set(name, script);
  }
  return script;
}

const INLINE_SCRIPTS: readonly InlineScript[] = ['app-loader.js', 'consent.js', 'country-choice.js', 'speculation-rules.json'];

/**
 * The inline scripts from the build cache (`inline-script`: keyed by the sources, templates/ and
 * the lock file among them), made and kept there when missing: a rebuild starts no esbuild (its
 * service is a process of its own, about a tenth of a rebuild's time). Without this, the first
 * page that names a script makes it.
 */
export async function prepareInlineScripts(cacheDir: string | undefined): Promise<void> {
  await Promise.all(
    INLINE_SCRIPTS.map(async (name) => {
      if (scripts.has(name)) return;
      const key = cacheKey('inline-script', name);
      const stored = await readEntry(cacheDir, 'inline-script', key);
      if (stored) scripts.set(name, stored.toString('utf8'));
      else await writeEntry(cacheDir, 'inline-script', key, inlineScript(name));
    }),
  );
  // Every script is made: esbuild's service (a process of its own, about 12 MiB, and a thread
  // of this one) would otherwise stay until the build ends.
  await esbuild?.stop();
}

/** The inline scripts made so far, for a page thread (generator/prerender/page-thread.ts). */
export function inlineScripts(): [string, string][] {
  return [...scripts];
}

/** Inline scripts made by another thread (`inlineScripts`). */
export function useInlineScripts(made: readonly [string, string][]): void {
  for (const [name, script] of made) scripts.set(name, script);
}

/**
 * `sha256-<base64>` of each inline script the pages carry (the Content-Security-Policy allows
 * exactly these): the app's loader of every page (with its stale-asset check), the consent
 * script of the regions that ask before analytics, the region chooser's country keeper, and the speculation rules of every page
 * (an inline rule set needs its hash too: HTML 7.6.5.2, "Injected content").
 */
export function inlineScriptHashes(): string[] {
  return INLINE_SCRIPTS.map((name) => `sha256-${createHash('sha256').update(inlineScript(name)).digest('base64')}`);
}

export function renderPageShell(shell: PageShell): string {
  return renderTemplate('page.html.hbs', {
    ...shell,
    appLoader: inlineScript('app-loader.js'),
    speculationRules: inlineScript('speculation-rules.json'),
    ...(shell.consent && { consentScript: inlineScript('consent.js') }),
    ...(shell.countryChoice && { countryChoiceScript: inlineScript('country-choice.js') }),
  });
}
