/**
 * Where the keyboard goes in a list of `count` rows from row `index` (null: none yet) with `key`;
 * null when the key does not move. ArrowUp/Down step and stop at the ends, Home/End jump.
 */
export function nextCursor(key: string, index: number | null, count: number): number | null {
  if (count === 0) {
    return null;
  }
  switch (key) {
    case "ArrowDown":
      return index === null ? 0 : Math.min(index + 1, count - 1);
    case "ArrowUp":
      return index === null ? 0 : Math.max(index - 1, 0);
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return null;
  }
}
