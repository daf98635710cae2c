import { describe, expect, it } from 'vitest';
import { compileContent, readSchemas } from '../../generator/index.ts';
import { renderProductImage } from '../../runtime/server.tsx';
import { drawingOf } from '../../runtime/components/ProductArt.tsx';
import type { ProductData } from '../../core/model.ts';

/**
 * Product drawings (issue 30): each product's content chooses what its drawing shows
 * (`drawing`, `palette` in products.yaml), every kind is a figure of its own, and a
 * transforming product shows both its forms.
 */
const { model } = await compileContent();
const products = model.regions.flatMap((region) =>
  Object.entries(region.data.products).map(([key, product]) => ({ region: region.data.code, key, product })),
);
const draw = (key: string, product: ProductData) => renderProductImage(key, product.alt, product);

/** A drawing's shapes alone: no colours, ids, names or kind. */
const shapeOf = (svg: string) =>
  svg
    .replace(/<title>[^<]*<\/title>/, '')
    .replace(/\s(fill|stroke|stop-color|fill-opacity|aria-label|id|data-drawing)="[^"]*"/g, '')
    .replace(/<defs>[\s\S]*?<\/defs>/, '');

const KINDS = (readSchemas()['products.schema.json'] as unknown as { definitions: { drawing: { enum: string[] } } }).definitions.drawing
  .enum;
const TRANSFORMING: Record<string, string[]> = {
  'car-robot': ['robot', 'vehicle'],
  'truck-robot': ['robot', 'vehicle'],
  'dino-robot': ['beast', 'robot'],
};

describe('product drawings', () => {
  it('gives the default content a drawing of every kind, each a different shape', () => {
    const byKind = new Map<string, string>();
    for (const { key, product } of products) {
      const kind = drawingOf(product);
      const shape = shapeOf(draw(key, product));
      if (!byKind.has(kind)) byKind.set(kind, shape);
      // Products of one kind share its figure; only their colours differ.
      else expect(shape, `${key} (${kind})`).toBe(byKind.get(kind));
    }
    expect([...byKind.keys()].sort()).toEqual(KINDS.filter((kind) => kind !== 'robot').sort());
    // The humanoid robot, the default, is a shape of its own too.
    byKind.set('robot', shapeOf(renderProductImage('someNewProduct', 'A new robot')));
    const shapes = [...byKind.values()];
    expect(new Set(shapes).size).toBe(KINDS.length);
  });

  it('shows the car, the truck or the dinosaur beside the robot of a transforming product', () => {
    const seen = new Set<string>();
    for (const { key, product } of products) {
      const kind = drawingOf(product);
      const forms = [...draw(key, product).matchAll(/data-form="([^"]+)"/g)].map((match) => match[1]);
      expect(forms, `${key} (${kind})`).toEqual(TRANSFORMING[kind] ?? []);
      if (TRANSFORMING[kind]) seen.add(kind);
    }
    expect([...seen].sort()).toEqual(Object.keys(TRANSFORMING).sort());
  });

  it('draws the products of the specification as what they are, in every region that sells them', () => {
    const expected: Record<string, string> = {
      flagshipBumblebee: 'car-robot',
      flagshipMegatron: 'truck-robot',
      flagshipOptimusPrime: 'truck-robot',
      grimlockG1Flagship: 'dino-robot',
      miniRobot: 'small-robot',
      toyStoryBuzzLightyear: 'space-ranger',
      buzzLightyearSpaceRangerAlpha: 'space-ranger',
      interstellarScoutK1: 'coding-robot',
      k1ProInterstellarScout: 'coding-robot',
      aiBase: 'ai-base',
      eliteOptimusPrimeAiBase: 'bundle',
    };
    for (const { region, key, product } of products) if (expected[key]) expect(drawingOf(product), `${region} ${key}`).toBe(expected[key]);
  });

  it('keeps each drawing small, named, decorative inside, and the same at every render', () => {
    for (const { key, product } of products) {
      const svg = draw(key, product);
      expect(svg.length, key).toBeLessThan(3000);
      expect(svg).toContain(`<title>${product.alt.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')}</title>`);
      expect(svg).toMatch(/<svg [^>]*role="img"[^>]*aria-label="[^"]+"/);
      expect(svg).toContain('<g aria-hidden="true">');
      // Ids come from the product key, never from a counter: server and client agree.
      expect([...svg.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1])).toEqual([`art-${key}-body`]);
      expect(draw(key, product)).toBe(svg);
    }
  });

  it('draws a product whose content names no drawing as the robot, or a bundle as a gift box', () => {
    expect(drawingOf({})).toBe('robot');
    expect(drawingOf({ includes: ['a', 'b'] })).toBe('bundle');
    expect(drawingOf({ drawing: 'ai-base', includes: ['a', 'b'] })).toBe('ai-base');
    expect(renderProductImage('someNewProduct', 'A new robot')).toContain('data-drawing="robot"');
  });
});
