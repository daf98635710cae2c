import { readFileSync } from 'node:fs';
import path from 'node:path';
import Handlebars from 'handlebars';
import { TEMPLATE_DIR } from './paths.ts';

export interface PageShell {
  lang: string;
  title: string;
  description?: string;
  keywords?: string;
  canonical?: string;
  noindex?: boolean;
  /** The region's base path with a trailing slash: `/` or `/us/`. */
  base: string;
  entry: string;
  /** Stylesheet text to inline in a <style> element. */
  css: string;
  preloads: string[];
  /** Prerendered markup of the app (trusted: produced by React's renderer). */
  html: string;
}

const cache = new Map<string, Handlebars.TemplateDelegate>();

/** Renders a Handlebars template from templates/ (compiled once, strict about missing fields). */
export function renderTemplate(name: string, data: object): string {
  let template = cache.get(name);
  if (!template) {
    template = Handlebars.compile(readFileSync(path.join(TEMPLATE_DIR, name), 'utf8'), { strict: false, noEscape: false });
    cache.set(name, template);
  }
  return template(data);
}

export function renderPageShell(shell: PageShell): string {
  return renderTemplate('page.html.hbs', shell);
}
