// Rewrites the endpoint table of docs/api.md from the registry (packages/shared/src/endpoints).
import { readFileSync, writeFileSync } from "node:fs";
import { withApiMap } from "./api-map.ts";

const file = new URL("../../../../../docs/api.md", import.meta.url);
writeFileSync(file, withApiMap(readFileSync(file, "utf8")));
console.log("docs/api.md: endpoint table written from the registry");
