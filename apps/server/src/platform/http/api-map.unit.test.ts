import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { listEndpoints } from "@relais/shared";
import { renderApiMap, withApiMap } from "./api-map.ts";

describe("the API map (docs/api.md)", () => {
  const doc = readFileSync(new URL("../../../../../docs/api.md", import.meta.url), "utf8");

  it("holds the registry's table as it is now (npm run docs:api rewrites it)", () => {
    expect(withApiMap(doc) === doc, "docs/api.md is stale: run `npm run docs:api`").toBe(true);
  });

  it("has one row per registry entry, each naming its schemas", () => {
    const table = renderApiMap();
    const rows = table.split("\n").filter((line) => /^\| (GET|POST|PUT|DELETE) /.test(line));
    expect(rows).toHaveLength(listEndpoints().length);
    expect(table).toContain("| POST users | `users.create` | administrator | createUserRequest → 201 userSummary |");
    expect(table).toContain("| GET users | `users.list` | signed in | — → userSummary[] |");
  });
});
