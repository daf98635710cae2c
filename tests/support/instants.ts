/** The instant the shared test build renders its pages at (a fixed one: tests never read the real date). */
export const BUILT_AT = Date.parse('2026-11-22T12:00:00+08:00');
