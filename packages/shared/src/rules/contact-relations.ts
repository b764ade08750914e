/**
 * Relations between linked contacts (spec part 2 §3) and how a link reads from the other side.
 *
 * A link is stored twice, once from each contact: "B is A's mother" and "A is B's son". The word
 * seen from the other side depends on the kind of relation and on the gender of the contact it
 * now names (A): the mother of a man is reached from her side as her "son", of a woman as her
 * "daughter". When that gender is not male or female the reverse is "none", and the person
 * linking may always say the reverse word themselves.
 */

export const CONTACT_RELATIONS = [
  "boyfriend",
  "brother",
  "daughter",
  "father",
  "girlfriend",
  "husband",
  "mother",
  "none",
  "sister",
  "son",
  "wife",
] as const;
export type ContactRelation = (typeof CONTACT_RELATIONS)[number];

export const CONTACT_GENDERS = ["male", "female", "other"] as const;
export type ContactGender = (typeof CONTACT_GENDERS)[number];

type Kind = "parent" | "child" | "sibling" | "spouse" | "partner" | "none";

const KIND: Record<ContactRelation, Kind> = {
  father: "parent",
  mother: "parent",
  son: "child",
  daughter: "child",
  brother: "sibling",
  sister: "sibling",
  husband: "spouse",
  wife: "spouse",
  boyfriend: "partner",
  girlfriend: "partner",
  none: "none",
};

/** The other side of each kind: a parent's other side is a child, and so on. */
const OTHER_SIDE: Record<Kind, Kind> = {
  parent: "child",
  child: "parent",
  sibling: "sibling",
  spouse: "spouse",
  partner: "partner",
  none: "none",
};

/** The word of a kind for a man and for a woman. */
const WORD: Record<Exclude<Kind, "none">, { male: ContactRelation; female: ContactRelation }> = {
  parent: { male: "father", female: "mother" },
  child: { male: "son", female: "daughter" },
  sibling: { male: "brother", female: "sister" },
  spouse: { male: "husband", female: "wife" },
  partner: { male: "boyfriend", female: "girlfriend" },
};

/**
 * The relation seen from the linked contact's side. `relation` says what the linked contact is
 * to the contact (B is A's `relation`); the answer says what the contact is to the linked contact
 * (A is B's …), chosen by the contact's gender. Unknown or other gender: "none".
 */
export function reverseRelation(relation: ContactRelation, contactGender: ContactGender | null): ContactRelation {
  const kind = OTHER_SIDE[KIND[relation]];
  if (kind === "none" || (contactGender !== "male" && contactGender !== "female")) return "none";
  return WORD[kind][contactGender];
}
