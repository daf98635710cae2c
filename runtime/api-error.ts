import type { ApiAnswer } from './api.ts';

/**
 * The errors of the API client (api-client.ts), in a module of their own: the forms tell them
 * apart without loading the client, which loads on the first call.
 */

/** A call's answer had a code other than 2000. */
export class ApiError extends Error {
  readonly code: number;
  readonly data: unknown;
  constructor(answer: ApiAnswer<unknown>) {
    super(answer.message || `API error ${answer.code}`);
    this.name = 'ApiError';
    this.code = answer.code;
    this.data = answer.data;
  }
}

/** A call got no usable answer: network down, timeout, or a body that is not the envelope. */
export class ApiTransportError extends Error {
  constructor(cause: unknown) {
    super('The server could not be reached.', { cause });
    this.name = 'ApiTransportError';
  }
}
