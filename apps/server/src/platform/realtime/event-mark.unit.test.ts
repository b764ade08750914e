import { describe, expect, it } from "vitest";
import { markOf } from "./event-repo.ts";
import { POSITIONS_PER_TRANSACTION } from "./record-event.ts";

const at = (xid: number) => xid * POSITIONS_PER_TRANSACTION;

describe("the readers' mark", () => {
  it("is the next transaction's position when none is in flight", () => {
    expect(markOf("900:900:|")).toBe(at(900));
  });

  it("stops at the oldest transaction of this database still in flight", () => {
    expect(markOf("901:910:901,905|")).toBe(at(901));
  });

  it("passes over transactions of other databases: they cannot write this log", () => {
    expect(markOf("920:930:920,925|920")).toBe(at(925));
    expect(markOf("940:950:940,945|940,945")).toBe(at(950));
  });

  it("still passes over them in a snapshot read without the activity, once one named them", () => {
    // Unknown yet: counted as this database's, which can only hold a reader back.
    expect(markOf("960:970:960,965|")).toBe(at(960));
    expect(markOf("960:970:960,965|960")).toBe(at(965));
    expect(markOf("960:971:960,965|")).toBe(at(965));
  });
});
