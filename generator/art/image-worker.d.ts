/** One image rendered from SVG (see image-worker.js). */
export function renderSvg(job: { svg: string; density: number; width?: number; format: 'webp' | 'png' | 'jpeg' }): Promise<Buffer>;
