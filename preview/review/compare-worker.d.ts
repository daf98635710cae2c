import type { Comparison } from './compare.ts';

export const REVIEW_JPEG_QUALITY: number;
export function compare(
  before: Uint8Array,
  after: Uint8Array,
  threshold: number,
  format: 'png' | 'jpeg',
  beforeJpeg?: Buffer,
): Promise<Comparison>;
export function toJpeg(picture: Buffer | { data: Uint8Array; width: number; height: number }): Promise<Buffer>;
export function fingerprint(picture: Buffer): Promise<string>;
