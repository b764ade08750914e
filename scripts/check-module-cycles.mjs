// Fails when server modules import each other round a loop (agenda → contacts → agenda), run by
// `npm run lint`. One module's files importing another's make an edge; tests and test kits are left
// out, since a test may use any module's kit. Type-only imports count: a loop of types is still a loop.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const root = path.resolve(import.meta.dirname, "../apps/server/src/modules");
/** edges.get(a).get(b): the first file of module a that imports module b. */
const edges = new Map();
for (const mod of readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory())) {
  const out = new Map();
  edges.set(mod.name, out);
  const files = readdirSync(path.join(root, mod.name), { recursive: true }).filter(
    (f) => f.endsWith(".ts") && !/\.test\.ts$|-test-kit\.ts$/.test(f),
  );
  for (const file of files) {
    const full = path.join(root, mod.name, file);
    for (const { fileName } of ts.preProcessFile(readFileSync(full, "utf8"), true, true).importedFiles) {
      if (!fileName.startsWith(".")) continue;
      const [to, ...inner] = path.relative(root, path.resolve(path.dirname(full), fileName)).split(path.sep);
      if (to !== ".." && inner.length > 0 && to !== mod.name && !out.has(to)) out.set(to, `${mod.name}/${file}`);
    }
  }
}

// Depth-first: a module met again while still on the path closes a loop; a finished one has none ahead.
const cycles = [];
const done = new Set();
const visit = (mod, trail) => {
  if (done.has(mod)) return;
  const at = trail.indexOf(mod);
  if (at >= 0) return void cycles.push([...trail.slice(at), mod]);
  for (const next of edges.get(mod)?.keys() ?? []) visit(next, [...trail, mod]);
  done.add(mod);
};
for (const mod of edges.keys()) visit(mod, []);

if (cycles.length > 0) {
  for (const loop of cycles) {
    const steps = loop.slice(1).map((to, i) => `${to} (${edges.get(loop[i]).get(to)})`);
    console.error(`Module import cycle: ${loop[0]} → ${steps.join(" → ")}`);
  }
  console.error("Break it: one side calls the other through its index.ts, the other gets what it needs handed over (app.ts).");
  process.exit(1);
}
console.log(`No import cycle between the ${edges.size} server modules.`);
