/**
 * Stores `value` under `key` in `memory`, dropping the oldest entry first when `memory` already
 * holds `max` (a Map keeps insertion order): a memo of bounded size for values that are dear to
 * compute and asked for again and again. Answers `value`.
 */
export function keepUpTo<K, V>(memory: Map<K, V>, max: number, key: K, value: V): V {
  if (!memory.has(key) && memory.size >= max) {
    const oldest = memory.keys().next();
    if (!oldest.done) memory.delete(oldest.value);
  }
  memory.set(key, value);
  return value;
}
