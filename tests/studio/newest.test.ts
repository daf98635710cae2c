import { describe, expect, it } from 'vitest';
import { newestOnly } from '../../studio/client/newest.ts';

/** A request whose answer the test gives when it chooses. */
function pending<T>() {
  let give!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    give = resolve;
  });
  return { promise, give };
}

describe("a form's edits written into the YAML, one request each", () => {
  it('takes only the newest answer: an older one arriving late does not put back the text typed past', async () => {
    const newest = newestOnly();
    const first = pending<string>();
    const second = pending<string>();
    const a = newest(first.promise);
    const b = newest(second.promise);
    first.give('stage moved to 27 Oct');
    expect(await a).toEqual({ newest: false, value: 'stage moved to 27 Oct' });
    second.give('stage moved to 20 Oct');
    expect(await b).toEqual({ newest: true, value: 'stage moved to 20 Oct' });
  });

  it('takes an answer that arrives before the next edit is sent', async () => {
    const newest = newestOnly();
    expect(await newest(Promise.resolve('one'))).toEqual({ newest: true, value: 'one' });
    expect(await newest(Promise.resolve('two'))).toEqual({ newest: true, value: 'two' });
  });

  it('passes a refused request on as refused', async () => {
    const newest = newestOnly();
    await expect(newest(Promise.reject(new Error('The file is not valid YAML.')))).rejects.toThrow('The file is not valid YAML.');
  });
});
