import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

describe("EMBEDDED_PG_SETTINGS", () => {
  it("is no setting when unset or empty", () => {
    expect(loadConfig({ NODE_ENV: "test" }).EMBEDDED_PG_SETTINGS).toEqual([]);
    expect(loadConfig({ NODE_ENV: "test", EMBEDDED_PG_SETTINGS: " ; " }).EMBEDDED_PG_SETTINGS).toEqual([]);
  });

  it("reads name=value pairs separated by semicolons, a value keeping its commas and equals signs", () => {
    const env = {
      NODE_ENV: "test",
      EMBEDDED_PG_SETTINGS: "shared_preload_libraries=pg_stat_statements,auto_explain; pg_stat_statements.track = all;search_path=a=b",
    };
    expect(loadConfig(env).EMBEDDED_PG_SETTINGS).toEqual([
      ["shared_preload_libraries", "pg_stat_statements,auto_explain"],
      ["pg_stat_statements.track", "all"],
      ["search_path", "a=b"],
    ]);
  });

  it("refuses what is not a setting, naming it", () => {
    for (const bad of ["work_mem", "=4MB", "work mem=4MB", "-c x=1"]) {
      expect(() => loadConfig({ NODE_ENV: "test", EMBEDDED_PG_SETTINGS: bad }), bad).toThrow(/not a name=value setting/);
    }
  });
});
