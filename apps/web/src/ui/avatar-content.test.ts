import { describe, expect, it } from "vitest";
import { avatarContent, isNumberLikeName, sentimentBadge } from "./avatar-content.ts";

describe("avatarContent", () => {
  it("shows at most two initials of a name", () => {
    expect(avatarContent("Hélène Tremblay")).toEqual({ kind: "initials", text: "HT" });
    expect(avatarContent("Marie-Ève de la Fontaine")).toEqual({ kind: "initials", text: "MF" });
    expect(avatarContent("Zoé")).toEqual({ kind: "initials", text: "Z" });
  });

  it("shows a person for a missing name, a number, or a name without letters to show", () => {
    for (const name of [null, "", "   ", "(514) 555-0123", "+1 514 555 0123", "5145550123"]) {
      expect(avatarContent(name), String(name)).toEqual({ kind: "person" });
    }
  });
});

describe("isNumberLikeName", () => {
  it("follows spec part 1 §5: 1 to 19 digits, plus, dash, space or brackets", () => {
    expect(isNumberLikeName("(514) 555-0123")).toBe(true);
    expect(isNumberLikeName("+33 1 23 45 67 89")).toBe(true);
    expect(isNumberLikeName("1".repeat(19))).toBe(true);
    expect(isNumberLikeName("1".repeat(20))).toBe(false);
    expect(isNumberLikeName("Bureau 12")).toBe(false);
  });
});

describe("sentimentBadge", () => {
  it("shows a mood with its label for positive and negative only", () => {
    expect(sentimentBadge(70)).toEqual({ mood: "positive", label: "avatar.sentiment-positive" });
    expect(sentimentBadge(100)).toEqual({ mood: "positive", label: "avatar.sentiment-positive" });
    expect(sentimentBadge(40)).toEqual({ mood: "negative", label: "avatar.sentiment-negative" });
    expect(sentimentBadge(0)).toEqual({ mood: "negative", label: "avatar.sentiment-negative" });
    expect(sentimentBadge(55)).toBeNull();
    expect(sentimentBadge(69)).toBeNull();
    expect(sentimentBadge(41)).toBeNull();
    expect(sentimentBadge(null)).toBeNull();
  });
});
