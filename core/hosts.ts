/**
 * Hosts that use the emulated back ends of `serve-regions` on the page's own origin: the
 * browser picks its API by them, the emulator trusts only them for its own controls and for
 * mailed links. Free of the DOM and of any HTTP client.
 */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function isLocalHost(hostname: string): boolean {
  return LOCAL_HOSTS.has(hostname.toLowerCase());
}
