/** Looks a message up by dotted key; a missing message is an empty string, never an error. */
export function translate(messages: Readonly<Record<string, string>>, key: string): string {
  return Object.prototype.hasOwnProperty.call(messages, key) ? (messages[key] ?? '') : '';
}
