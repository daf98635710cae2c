/** A box around a cluster of changed pixels, in the picture's pixels. */
export interface ChangedArea {
  x: number;
  y: number;
  width: number;
  height: number;
  /** The changed pixels inside it. */
  pixels: number;
}

/** A rectangle of a picture, in its pixels. */
export interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const MAX_AREAS: number;
export const AREA_GAP: number;
export const CROP_CONTEXT: number;
export const CROP_MIN_WIDTH: number;
export function changedAreas(mask: Uint8Array, width: number, height: number, options?: { gap?: number; max?: number }): ChangedArea[];
export function cropOf(area: Rectangle, width: number, height: number, context?: number): Rectangle;
