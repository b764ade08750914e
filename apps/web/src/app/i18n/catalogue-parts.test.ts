import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { deferredParts, serverOnly } from "./catalogue-parts.ts";

const SRC = path.resolve(import.meta.dirname, "../..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every literal message id the web passes to an alert: alerts.success("…"), alerts.error("…")…, and a form's `saved: "…"` (saveKeyedForm). */
function alertTexts(): string[] {
  const found = new Set<string>();
  for (const file of sources(SRC)) {
    for (const match of readFileSync(file, "utf8").matchAll(/(?:alerts\.\w+\(\s*|\bsaved:\s*)"([\w.-]+)"/g)) found.add(match[1] ?? "");
  }
  return [...found].sort();
}

describe("the deferred parts of the catalogue", () => {
  const parts = deferredParts(new Set(["calls.incoming"]));
  const deferred = (id: string) =>
    Object.entries(parts)
      .filter(([, inPart]) => inPart(id))
      .map(([name]) => name);

  it("keep every text an alert shows in the main catalogue: the root draws alerts, outside the screens' parts", () => {
    const texts = alertTexts();
    expect(texts.length).toBeGreaterThan(20);
    expect(texts.filter((id) => deferred(id).length > 0)).toEqual([]);
  });

  it("take each screen's texts, and leave the server's out of the web", () => {
    expect(deferred("config.org.name-fr")).toEqual(["config"]);
    expect(deferred("config.fix-errors")).toEqual([]);
    expect(deferred("simulator.unavailable.title")).toEqual(["simulator"]);
    expect(deferred("calls.incoming")).toEqual(["calls"]);
    expect(deferred("conversations.new")).toEqual([]);
    expect(serverOnly("mail.reset.subject")).toBe(true);
    expect(serverOnly("error.unknown")).toBe(false);
  });
});
