// Where a comparison's changed pixels lie (preview/review/compare-worker.js, docs/review.md "Changed
// areas"): a few boxes around clusters of them, so that a one-line price change in a 4,000 px
// page is shown where it is, not lost in the whole picture.

/** At most this many areas a picture: more are merged, the nearest first. */
export const MAX_AREAS = 8;
/**
 * Changed pixels this close (px, across and down) are one area: a price and the line of its
 * monthly instalment below it, the lines of a paragraph, the cells of a row.
 */
export const AREA_GAP = 64;
/** The context a crop of an area shows around it (px each side, within the picture). */
export const CROP_CONTEXT = 64;
/** The narrowest crop (px, or the picture's width): a line of text around a changed word, as on a phone. */
export const CROP_MIN_WIDTH = 360;
/** The side of the grid's cells at the finest level (px): a cell holds the bounds of its changed pixels. */
const CELL = 8;
/** Past this many clusters the pairwise merging is skipped for a coarser level (it costs n² pairs). */
const MERGE_LIMIT = 256;

/**
 * The changed areas of a mask (one byte a pixel, 1 where the pixel changed, else 0), in reading
 * order (top to bottom, then left to right): boxes of clusters of changed pixels, merged while
 * `gap` px or less apart across and down (clusters up to a cell further apart may be joined
 * too), with the number of changed pixels in each. Every changed pixel is in exactly one box.
 * When there are more than `max`, the gap doubles until there are not (at worst one box around
 * them all). The clusters are found on a grid of 8 px cells (each knows the exact bounds of its
 * changed pixels), coarsened as the gap grows, so a page of scattered changes costs about as
 * much as one change.
 */
export function changedAreas(mask, width, height, { gap = AREA_GAP, max = MAX_AREAS } = {}) {
  let grid = gridOf(mask, width, height);
  if (grid.marked === 0) return [];
  for (let reach = gap; ; reach *= 2) {
    // The cells within the gap of each other are joined first (at most 8 cells away: a cell
    // more than the gap at worst), their boxes merged exactly after.
    while (grid.cell * 8 < reach && grid.cols * grid.rows > 1) grid = coarsen(grid);
    const clusters = cluster(grid, Math.max(1, Math.ceil(reach / grid.cell)));
    const boxes = clusters.length <= MERGE_LIMIT ? mergeNear(clusters, reach) : clusters;
    // One cell holds everything at last: one box, so this ends.
    if (boxes.length <= max || grid.cols * grid.rows === 1)
      return boxes
        .sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0)
        .map((box) => ({ x: box.x0, y: box.y0, width: box.x1 - box.x0 + 1, height: box.y1 - box.y0 + 1, pixels: box.pixels }));
  }
}

/**
 * The crop shown of an area: the area with CROP_CONTEXT px around it, widened to CROP_MIN_WIDTH
 * around its middle, within the picture.
 */
export function cropOf(area, width, height, context = CROP_CONTEXT) {
  const wide = Math.min(width, Math.max(area.width + 2 * context, CROP_MIN_WIDTH));
  const x = Math.min(Math.max(0, Math.round(area.x + area.width / 2 - wide / 2)), width - wide);
  const y = Math.max(0, area.y - context);
  return { x, y, width: wide, height: Math.min(height, area.y + area.height + context) - y };
}

/** The finest grid: per cell, its changed pixels' count and bounds (-1 where none). */
function gridOf(mask, width, height) {
  const cols = Math.ceil(width / CELL);
  const rows = Math.ceil(height / CELL);
  const grid = emptyGrid(CELL, cols, rows);
  for (let y = 0; y < height; y++) {
    const start = y * width;
    // Most rows of a page have no change: found by the native search, not pixel by pixel.
    if (mask.subarray(start, start + width).indexOf(1) < 0) continue;
    const row = Math.floor(y / CELL) * cols;
    for (let k = 0, x0 = 0; x0 < width; k++, x0 += CELL) {
      let first = -1;
      let last = -1;
      let count = 0;
      for (let x = x0, end = Math.min(width, x0 + CELL); x < end; x++)
        if (mask[start + x]) {
          if (first < 0) first = x;
          last = x;
          count++;
        }
      if (count > 0) add(grid, row + k, first, y, last, y, count);
    }
  }
  return grid;
}

function emptyGrid(cell, cols, rows) {
  const n = cols * rows;
  return {
    cell,
    cols,
    rows,
    marked: 0,
    pixels: new Uint32Array(n),
    x0: new Int32Array(n).fill(-1),
    y0: new Int32Array(n),
    x1: new Int32Array(n),
    y1: new Int32Array(n),
  };
}

/** Adds changed pixels within (x0, y0)-(x1, y1) to a cell. */
function add(grid, c, x0, y0, x1, y1, pixels) {
  if (grid.x0[c] < 0) {
    grid.marked++;
    grid.x0[c] = x0;
    grid.y0[c] = y0;
    grid.x1[c] = x1;
    grid.y1[c] = y1;
  } else {
    if (x0 < grid.x0[c]) grid.x0[c] = x0;
    if (y0 < grid.y0[c]) grid.y0[c] = y0;
    if (x1 > grid.x1[c]) grid.x1[c] = x1;
    if (y1 > grid.y1[c]) grid.y1[c] = y1;
  }
  grid.pixels[c] += pixels;
}

/** The grid of cells twice as large: each holds the four below it. */
function coarsen(grid) {
  const cols = Math.ceil(grid.cols / 2);
  const out = emptyGrid(grid.cell * 2, cols, Math.ceil(grid.rows / 2));
  for (let r = 0; r < grid.rows; r++)
    for (let k = 0; k < grid.cols; k++) {
      const c = r * grid.cols + k;
      if (grid.x0[c] >= 0) add(out, (r >> 1) * cols + (k >> 1), grid.x0[c], grid.y0[c], grid.x1[c], grid.y1[c], grid.pixels[c]);
    }
  return out;
}

/** The marked cells joined when within `reach` cells of each other (union-find), as boxes. */
function cluster(grid, reach) {
  const { cols, rows } = grid;
  const parent = new Int32Array(cols * rows);
  for (let c = 0; c < parent.length; c++) parent[c] = c;
  const root = (c) => {
    while (parent[c] !== c) c = parent[c] = parent[parent[c]];
    return c;
  };
  for (let r = 0; r < rows; r++)
    for (let k = 0; k < cols; k++) {
      const c = r * cols + k;
      if (grid.x0[c] < 0) continue;
      // Only the cells after this one (in reading order): each pair is looked at once.
      for (let dr = 0; dr <= reach && r + dr < rows; dr++)
        for (let dk = dr === 0 ? 1 : -reach; dk <= reach; dk++) {
          const kk = k + dk;
          const other = (r + dr) * cols + kk;
          if (kk < 0 || kk >= cols || grid.x0[other] < 0) continue;
          const a = root(c);
          const b = root(other);
          if (a !== b) parent[b] = a;
        }
    }
  const boxes = new Map();
  for (let c = 0; c < cols * rows; c++) {
    if (grid.x0[c] < 0) continue;
    const key = root(c);
    const box = boxes.get(key);
    if (!box) boxes.set(key, { x0: grid.x0[c], y0: grid.y0[c], x1: grid.x1[c], y1: grid.y1[c], pixels: grid.pixels[c] });
    else unite(box, { x0: grid.x0[c], y0: grid.y0[c], x1: grid.x1[c], y1: grid.y1[c], pixels: grid.pixels[c] });
  }
  return [...boxes.values()];
}

/** Boxes merged while any two overlap or lie within `gap` px of each other, across and down. */
function mergeNear(boxes, gap) {
  const out = [...boxes];
  for (let merged = true; merged; ) {
    merged = false;
    for (let i = 0; i < out.length; i++)
      for (let j = out.length - 1; j > i; j--) {
        const a = out[i];
        const b = out[j];
        if (Math.max(a.x0, b.x0) - Math.min(a.x1, b.x1) - 1 > gap || Math.max(a.y0, b.y0) - Math.min(a.y1, b.y1) - 1 > gap) continue;
        unite(a, b);
        out.splice(j, 1);
        merged = true;
      }
  }
  return out;
}

function unite(box, other) {
  box.x0 = Math.min(box.x0, other.x0);
  box.y0 = Math.min(box.y0, other.y0);
  box.x1 = Math.max(box.x1, other.x1);
  box.y1 = Math.max(box.y1, other.y1);
  box.pixels += other.pixels;
}
