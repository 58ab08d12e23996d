/**
 * Short human-readable description of an arbitrary value, for error messages.
 * Strings are quoted so that `''` and `' '` are distinguishable from "nothing".
 */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
    return `${typeof value} ${String(value)}`;
  }
  return typeof value;
}
