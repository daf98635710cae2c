import type { Messages, PageContent } from '../core/model.ts';
import { normalizePath } from '../core/paths.ts';

/** Where a region's texts come from: on the client, dynamic imports of the generated modules. */
export interface ContentSources {
  /** The region's locale catalogue. */
  readonly messages: () => Promise<{ default: Messages }>;
  /** The text of each route, by normalised path. */
  readonly pages: Readonly<Record<string, () => Promise<{ default: PageContent }>>>;
}

/**
 * The texts of one region: the locale catalogue and the route texts, each loaded once on
 * first use and cached. Lookups are synchronous and never fail: a catalogue, route text or
 * message that is missing (or not loaded yet, or failed to load) is empty.
 */
export interface ContentStore {
  /** Loads the catalogue once; later calls share the first load. Failures resolve quietly. */
  loadMessages(): Promise<void>;
  /** Loads the text of the route at a path once. Rejects when the chunk fails to load. */
  loadPage(path: string): Promise<void>;
  /** The message at a dotted key, or '' when it is missing. */
  message(key: string): string;
  /** The loaded text of the route at a path, or undefined. */
  page(path: string): PageContent | undefined;
  /** Whether the route at a path has a text to load. */
  hasPage(path: string): boolean;
  /** Texts already at hand (the first page's, inline in its HTML): no chunk is loaded for them. */
  seed(texts: { messages?: Messages; path?: string; page?: PageContent }): void;
}

export function createContentStore(sources: ContentSources): ContentStore {
  let messages: Messages = {};
  let messagesLoad: Promise<void> | undefined;
  const pages = new Map<string, PageContent>();
  const pageLoads = new Map<string, Promise<void>>();
  return {
    loadMessages() {
      messagesLoad ??= sources.messages().then(
        (module) => {
          messages = module.default;
        },
        () => {
          // SPEC.md section 4: load failures are ignored silently; lookups answer ''.
          messagesLoad = undefined;
        },
      );
      return messagesLoad;
    },
    loadPage(path) {
      const key = normalizePath(path);
      const loader = sources.pages[key];
      if (!loader) return Promise.resolve();
      let load = pageLoads.get(key);
      if (!load) {
        load = loader().then(
          (module) => {
            pages.set(key, module.default);
          },
          (error: unknown) => {
            pageLoads.delete(key); // a later attempt may succeed
            throw error;
          },
        );
        pageLoads.set(key, load);
      }
      return load;
    },
    message(key) {
      return Object.prototype.hasOwnProperty.call(messages, key) ? (messages[key] ?? '') : '';
    },
    page(path) {
      return pages.get(normalizePath(path));
    },
    hasPage(path) {
      return Object.prototype.hasOwnProperty.call(sources.pages, normalizePath(path));
    },
    seed(texts) {
      if (texts.messages) {
        messages = texts.messages;
        messagesLoad = Promise.resolve();
      }
      if (texts.path !== undefined && texts.page) {
        const key = normalizePath(texts.path);
        pages.set(key, texts.page);
        pageLoads.set(key, Promise.resolve());
      }
    },
  };
}

/** Sources already in memory: the prerenderer's, from the resolved model. */
export function memorySources(messages: Messages, pages: ReadonlyMap<string, PageContent>): ContentSources {
  return {
    messages: () => Promise.resolve({ default: messages }),
    pages: Object.fromEntries([...pages].map(([path, content]) => [path, () => Promise.resolve({ default: content })])),
  };
}
