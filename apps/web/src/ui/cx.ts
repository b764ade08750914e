/** Join class names, skipping empty ones (CSS-module lookups may be undefined to the type checker). */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(" ");
}
