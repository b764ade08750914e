import { describe, expect, it } from "vitest";
import { CONTACT_RELATIONS, reverseRelation, type ContactGender, type ContactRelation } from "./contact-relations.ts";

describe("reverseRelation", () => {
  it.each([
    // B is A's …, A is a man → A is B's …
    ["mother", "male", "son"],
    ["father", "male", "son"],
    ["son", "male", "father"],
    ["daughter", "male", "father"],
    ["sister", "male", "brother"],
    ["brother", "male", "brother"],
    ["wife", "male", "husband"],
    ["husband", "male", "husband"],
    ["girlfriend", "male", "boyfriend"],
    ["boyfriend", "male", "boyfriend"],
    // … A is a woman.
    ["mother", "female", "daughter"],
    ["father", "female", "daughter"],
    ["son", "female", "mother"],
    ["daughter", "female", "mother"],
    ["brother", "female", "sister"],
    ["husband", "female", "wife"],
    ["wife", "female", "wife"],
    ["boyfriend", "female", "girlfriend"],
  ] as [ContactRelation, ContactGender, ContactRelation][])(
    "%s of a %s contact reads %s from the other side",
    (relation, gender, expected) => {
      expect(reverseRelation(relation, gender)).toBe(expected);
    },
  );

  it("answers none when the contact's gender is unknown or other", () => {
    for (const relation of CONTACT_RELATIONS) {
      expect(reverseRelation(relation, null)).toBe("none");
      expect(reverseRelation(relation, "other")).toBe("none");
    }
  });

  it("keeps none as none whatever the gender", () => {
    expect(reverseRelation("none", "male")).toBe("none");
    expect(reverseRelation("none", "female")).toBe("none");
  });

  it("is its own inverse once both genders are known", () => {
    // A (gender gA) has B (gender gB) as `relation`; reversing twice must give `relation` back.
    const genders: ContactGender[] = ["male", "female"];
    for (const relation of CONTACT_RELATIONS.filter((r) => r !== "none")) {
      const gB: ContactGender = ["mother", "daughter", "sister", "wife", "girlfriend"].includes(relation) ? "female" : "male";
      for (const gA of genders) {
        expect(reverseRelation(reverseRelation(relation, gA), gB), `${relation} of a ${gA}`).toBe(relation);
      }
    }
  });
});
