/** Names of stored files: what a person sees and what a browser saves under. */

/** Extensions that name the same format as the one file-type gives. */
const SAME_FORMAT: Record<string, readonly string[]> = {
  jpg: ["jpg", "jpeg", "jpe"],
  mp4: ["mp4", "m4v"],
  m4a: ["m4a", "mp4"],
  "3gp": ["3gp", "3gpp"],
  mov: ["mov", "qt"],
  ogg: ["ogg", "oga", "opus"],
  opus: ["opus", "ogg"],
  wav: ["wav", "wave"],
  tif: ["tif", "tiff"],
};

const MAX_NAME = 200;

/**
 * The declared name made safe to store and show: no folders, no control characters, at most 200
 * characters. Its extension is made to match the content (`scan.pdf` holding a PNG becomes
 * `scan.png`), so a saved copy is never opened by the wrong program. `fallback` names a file that
 * came without a usable name.
 */
export function storedFilename(declared: string | null | undefined, ext: string | null, fallback: string): string {
  const base = (declared ?? "").split(/[/\\]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  let name = base.replace(/[\u0000-\u001f\u007f-\u009f]/g, "").trim();
  if (!name || name === "." || name === "..") name = fallback;
  if (ext) {
    const dot = name.lastIndexOf(".");
    const current = dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
    const accepted = SAME_FORMAT[ext] ?? [ext];
    if (!accepted.includes(current)) name = `${dot > 0 ? name.slice(0, dot) : name}.${ext}`;
  }
  const chars = [...name];
  if (chars.length > MAX_NAME) {
    const dot = name.lastIndexOf(".");
    const suffix = dot > 0 ? name.slice(dot) : "";
    name = chars.slice(0, MAX_NAME - [...suffix].length).join("") + suffix;
  }
  return name;
}

/**
 * A Content-Disposition header naming `filename` (RFC 6266 with the RFC 5987 `filename*` form):
 * an ASCII fallback for old clients, the exact UTF-8 name for the others ("Reçu d'été.pdf").
 */
export function contentDisposition(kind: "inline" | "attachment", filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
