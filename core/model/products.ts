import type { Product } from '../../schema/types.ts';
import type { ProductKey } from './names.ts';

/** Products as the runtime reads them (part of core/model.ts). */

/**
 * A reduction's prior price (docs/market.md): while the activity runs from `start` to `end`
 * (epoch ms), its price is announced against `price`, the lowest of the 30 days before `start`.
 */
export interface PriorPrice {
  readonly start: number;
  readonly end?: number;
  readonly price: number;
}

/** A product as the runtime reads it: instants in epoch milliseconds, bundle parts checked. */
export interface ProductData extends Omit<Product, 'activityTime' | 'includes'> {
  /** When the activity price applies: epoch milliseconds, or stages of a list. */
  readonly activityTime?: {
    readonly startTime?: number;
    readonly endTime?: number;
    readonly stages?: string;
    readonly stage?: readonly number[];
  };
  /** A bundle: the products it contains (keys of the same region). */
  readonly includes?: readonly ProductKey[];
  /** The bundles that contain this product (keys of the same region, sorted): the reverse of `includes`. */
  readonly bundles?: readonly ProductKey[];
  /** In a market with `priorPrice`: the prior price of each reduction not over yet, in order (computed by the build). */
  readonly priorPrices?: readonly PriorPrice[];
}
