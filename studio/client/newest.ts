/**
 * Of requests sent one after another for the same thing (a form's edit written into its YAML),
 * only the newest one's answer counts: an older answer that arrives late would put back a state
 * the maintainer has already typed past, and the newer edit would be lost with it.
 */
export function newestOnly(): <T>(request: Promise<T>) => Promise<{ readonly newest: boolean; readonly value: T }> {
  let sent = 0;
  return (request) => {
    const ticket = ++sent;
    return request.then((value) => ({ newest: ticket === sent, value }));
  };
}
