import { expect } from 'vitest';

/** Sets the clock of serve-regions' emulated back ends (PUT /__emulator/clock) to an instant or an ISO time. */
export async function setEmulatorClock(serverUrl: string, at: number | string): Promise<void> {
  const now = typeof at === 'number' ? new Date(at).toISOString() : at;
  const response = await fetch(new URL('/__emulator/clock', serverUrl), { method: 'PUT', body: JSON.stringify({ now }) });
  expect(response.status).toBe(200);
}
