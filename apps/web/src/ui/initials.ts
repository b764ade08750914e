/** At most two initials of a name (spec part 1 §9: avatar initials at most 2). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters
    .map((w) => Array.from(w ?? "")[0] ?? "")
    .join("")
    .toUpperCase()
    .slice(0, 2);
}
