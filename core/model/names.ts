/** The names the model is keyed by (part of core/model.ts). */

/**
 * Names are content: a region code, a page name or a product key is whatever the content says.
 * Each generated region module narrows them to the exact unions of its region (`PageName`,
 * `ProductKey`, `MessageKey` in sites/<code>/region.ts), so a misspelt name is a type error there.
 */
export type RegionCode = string;
export type PageName = string;
export type ProductKey = string;
