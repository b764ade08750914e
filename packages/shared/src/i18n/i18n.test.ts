import { describe, expect, it } from "vitest";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { isMessageId, messages } from "./index.ts";
import { errors } from "./areas/errors.ts";
import { validation } from "./areas/validation.ts";
import { passwordProblems } from "../rules/password.ts";
import { dayScheduleProblems } from "../rules/schedule.ts";

const fr = messages["fr-CA"] as Record<string, string>;
const en = messages["en-CA"] as Record<string, string>;
const ids = Object.keys(fr);

/** Every placeholder of a parsed message as `name:kind`, nested plural/select/tag bodies included. */
function placeholders(elements: MessageFormatElement[], out = new Set<string>()): Set<string> {
  for (const el of elements) {
    switch (el.type) {
      case TYPE.argument:
        out.add(`${el.value}:argument`);
        break;
      case TYPE.number:
        out.add(`${el.value}:number`);
        break;
      case TYPE.date:
        out.add(`${el.value}:date`);
        break;
      case TYPE.time:
        out.add(`${el.value}:time`);
        break;
      case TYPE.select:
      case TYPE.plural:
        out.add(`${el.value}:${el.type === TYPE.select ? "select" : "plural"}`);
        for (const option of Object.values(el.options)) placeholders(option.value, out);
        break;
      case TYPE.tag:
        out.add(`${el.value}:tag`);
        placeholders(el.children, out);
        break;
      default:
        break;
    }
  }
  return out;
}

/** The literal text of a parsed message (what ICU will print around its placeholders). */
function literalText(elements: MessageFormatElement[]): string {
  let text = "";
  for (const el of elements) {
    if (el.type === TYPE.literal) text += el.value;
    else if (el.type === TYPE.select || el.type === TYPE.plural) {
      for (const option of Object.values(el.options)) text += literalText(option.value);
    } else if (el.type === TYPE.tag) text += literalText(el.children);
  }
  return text;
}

const sorted = (s: Set<string>) => [...s].sort();

describe("catalogues", () => {
  it("fr-CA and en-CA hold exactly the same keys", () => {
    expect(ids.length).toBeGreaterThan(0);
    expect(Object.keys(en).sort()).toEqual([...ids].sort());
  });

  it("every area entry is a [fr, en] pair", () => {
    for (const [key, pair] of Object.entries({ ...errors, ...validation })) {
      expect(pair, key).toHaveLength(2);
    }
  });

  it("keys are kebab-case and belong to the area that holds them", () => {
    const kebab = /^[a-z]+\.[a-z0-9]+(-[a-z0-9]+)*$/;
    for (const key of Object.keys(errors)) {
      expect(key, key).toMatch(kebab);
      expect(key, key).toMatch(/^(error|success)\./);
    }
    for (const key of Object.keys(validation)) {
      expect(key, key).toMatch(kebab);
      expect(key, key).toMatch(/^validation\./);
    }
  });

  it.each(ids)("%s: no empty or padded text in either language", (id) => {
    for (const text of [fr[id], en[id]]) {
      expect(typeof text).toBe("string");
      expect(text!.trim(), id).not.toBe("");
      expect(text, id).toBe(text!.trim());
    }
  });

  it.each(ids)("%s: both texts parse as ICU and use the same placeholders", (id) => {
    const frAst = parse(fr[id]!);
    const enAst = parse(en[id]!);
    expect(sorted(placeholders(enAst)), id).toEqual(sorted(placeholders(frAst)));
  });

  it.each(ids)("%s: no apostrophe is swallowed by ICU quoting", (id) => {
    for (const text of [fr[id]!, en[id]!]) {
      const count = (s: string) => s.split("'").length - 1;
      expect(count(literalText(parse(text))), text).toBe(count(text.replace(/\{[^{}]*\}/g, "")));
    }
  });

  it("the placeholder check itself tells differing placeholders apart", () => {
    expect(sorted(placeholders(parse("Essayez dans {retry} secondes.")))).not.toEqual(
      sorted(placeholders(parse("Try again in {seconds} seconds."))),
    );
    expect(sorted(placeholders(parse("{n, plural, one {# élément} other {# éléments {x}}}")))).toEqual(["n:plural", "x:argument"]);
    expect(() => parse("Maximum de {maxLength caractères.")).toThrow();
  });

  it("uses the documented placeholder names", () => {
    expect(sorted(placeholders(parse(fr["error.throttle"]!)))).toEqual(["retry:argument"]);
    expect(sorted(placeholders(parse(fr["validation.max-length"]!)))).toEqual(["maxLength:argument"]);
    expect(sorted(placeholders(parse(fr["error.file-too-large"]!)))).toEqual(["size:argument"]);
    expect(sorted(placeholders(parse(fr["validation.max-size"]!)))).toEqual(["size:argument"]);
  });

  it("isMessageId tells catalogue keys from others", () => {
    expect(isMessageId("error.unknown")).toBe(true);
    expect(isMessageId("error.does-not-exist")).toBe(false);
  });

  it("the keys the rules emit are catalogue keys", () => {
    for (const key of passwordProblems("")) expect(isMessageId(key), key).toBe(true);
    const problems = dayScheduleProblems({
      day: 1,
      enabled: true,
      start: "17:00",
      end: "09:00",
      breaks: [
        { start: "12:00", end: "11:00" },
        { start: "05:00", end: "06:00" },
        { start: "05:30", end: "06:30" },
      ],
    });
    expect(new Set(problems.map((p) => p.key)).size).toBe(3);
    for (const { key } of problems) expect(isMessageId(key), key).toBe(true);
  });
});

/** The catalogue entries named by spec part 1 §8, part 2 §8 and part 2 §5. This list is the spec. */
const SPEC_KEYS = [
  // Part 1 §8 and part 2 §8.
  "error.add-conversation",
  "error.add-conversation-number",
  "error.appointment-taken",
  "error.contact-exists",
  "error.existing-archived",
  "error.existing-conversation",
  "error.existing-contact",
  "error.existing-flux",
  "error.duplicate-email",
  "error.duplicate-group-label",
  "error.duplicate-id",
  "error.image-size",
  "error.media-size",
  "error.pdf-size",
  "error.limit-size",
  "error.file-too-large",
  "error.too-many",
  "error.too-many-attempts",
  "error.min-search-characters",
  "error.search-results",
  "error.session-expired",
  "error.throttle",
  "error.invalid-invitation-code",
  "error.invalid-user-group-email-domain",
  "error.invalid-break-time",
  "error.no-phones-configured",
  "error.phone-invalid",
  "error.provider-disconnected",
  "error.connection-unstable",
  "error.reconnecting",
  "error.initialisation-failed",
  "error.no-sips",
  "error.get-patient",
  "error.transfer-call",
  "error.send-call-to-queue",
  "error.enqueue",
  "error.dequeue",
  "error.unable-to-initiate-call",
  "error.invalid-number",
  "error.call-contact",
  "error.update-status",
  "error.change-group",
  "error.organization-load",
  "error.web-calls-update",
  "error.tokens-load",
  "error.tiers-load",
  "error.support-send",
  "success.support-send",
  "error.download",
  "error.email-logout",
  "error.synchronisation",
  "error.patient-deleted",
  "error.no-microphone",
  "error.message-send-failed",
  "error.scheduled-message-save",
  "error.unsupported-device",
  "error.document-and-attachment",
  "error.quick-message-with-attachment",
  "error.contact-has-appointment",
  "error.contact-email-change-warning",
  "validation.email-already-in-list",
  "validation.scheduled-message-required",
  "validation.scheduled-title-required",
  "validation.time-format",
  "validation.scheduled-too-soon",
  "validation.availability-overlap",
  "validation.slide-label-required",
  "validation.max-length",
  // Part 2 §5: one required-field text per field.
  "validation.required-address",
  "validation.required-alias",
  "validation.required-birthday",
  "validation.required-organization-name",
  "validation.required-consultation-alias",
  "validation.required-protocol-alias",
  "validation.required-contact-name",
  "validation.required-content",
  "validation.required-description",
  "validation.required-email",
  "validation.required-experience",
  "validation.required-expertise",
  "validation.required-first-name",
  "validation.required-last-name",
  "validation.required-name",
  "validation.required-teams",
  "validation.required-password",
  "validation.required-password-confirmation",
  "validation.required-phone",
  "validation.required-telephone",
  "validation.required-post-id",
  "validation.required-profession",
  "validation.required-role",
  "validation.required-vacation-message",
  "validation.required-invitation-code",
] as const;

/** Keys the server and web already used before the catalogue was completed; they must stay. */
const EXISTING_KEYS = [
  "error.unknown",
  "error.not-found",
  "error.forbidden",
  "error.unauthorized",
  "error.validation",
  "error.bad-request",
  "error.payload-too-large",
  "error.session-replaced",
  "error.invalid-credentials",
  "error.login-outside-work-hours",
  "error.login-outside-office",
  "error.password-reset-invalid",
  "error.current-password",
  "error.team-email-reused",
  "error.last-team-admin",
  "error.last-team-user",
  "error.last-org-admin",
  "error.user-needs-team",
  "error.team-admin-only",
  "error.cannot-join-self",
  "error.single-team-only",
  "error.already-member",
  "error.not-member",
  "error.team-not-empty",
  "error.main-team",
  "validation.required",
  "validation.invalid",
  "validation.email",
  "validation.url",
  "validation.network",
  "validation.date-format",
  "validation.start-before-end",
  "validation.breaks-overlap",
  "validation.password-min-length",
  "validation.password-lowercase",
  "validation.password-uppercase",
  "validation.password-digit",
  "validation.password-special",
  "validation.password-confirmation",
] as const;

/** Exact texts the spec (or the brief quoting it) gives; [key, locale, text]. */
const SPEC_TEXTS: [string, "fr-CA" | "en-CA", string][] = [
  ["error.add-conversation-number", "fr-CA", "Le numéro de téléphone pour ce contact est invalide."],
  ["error.add-conversation-number", "en-CA", "The phone number for this contact is invalid."],
  ["error.appointment-taken", "fr-CA", "Cette disponibilité est déjà prise par un autre patient"],
  ["error.search-results", "fr-CA", "Trop de résultats dans la recherche, veuillez la préciser."],
  ["error.throttle", "fr-CA", "Trop de requêtes. Essayez de nouveau dans {retry} secondes."],
  ["error.unable-to-initiate-call", "en-CA", "Unable to initiate call"],
  ["error.invalid-number", "en-CA", "The number entered is invalid."],
  ["error.call-contact", "en-CA", "An error occurred while calling contact"],
  ["error.change-group", "en-CA", "An error occurred when changing the group."],
  ["error.support-send", "en-CA", "An error occurred while sending the message"],
  ["success.support-send", "en-CA", "Your request has been sent successfully!"],
  ["error.patient-deleted", "fr-CA", "Le patient n'existe plus"],
  ["error.no-microphone", "fr-CA", "Aucun microphone détecté sur cet appareil"],
  ["error.unsupported-device", "fr-CA", "Appareil non supporté (1024 px minimum)"],
  ["error.message-send-failed", "fr-CA", "Échec de l'envoi du message"],
  ["error.scheduled-message-save", "fr-CA", "Erreur lors de la création, mise à jour ou suppression du message programmé"],
  ["validation.email-already-in-list", "fr-CA", "Le courriel est déjà dans la liste"],
  ["validation.scheduled-message-required", "fr-CA", "Le message est requis"],
  ["validation.scheduled-title-required", "fr-CA", "Le titre est requis"],
  ["validation.time-format", "fr-CA", "Format d'heure invalide (HH:mm)"],
  ["validation.scheduled-too-soon", "fr-CA", "L'heure prévue doit être au moins 5 minutes dans le futur"],
  ["validation.max-length", "fr-CA", "Maximum de {maxLength} caractères."],
];

describe("spec catalogue", () => {
  it.each(SPEC_KEYS)("holds %s", (key) => {
    expect(isMessageId(key)).toBe(true);
  });

  it.each(EXISTING_KEYS)("still holds %s", (key) => {
    expect(isMessageId(key)).toBe(true);
  });

  it.each(SPEC_TEXTS)("%s in %s is the spec's text", (key, locale, text) => {
    expect((messages[locale] as Record<string, string>)[key]).toBe(text);
  });

  it("required-field texts follow the spec's form in both languages", () => {
    const required = SPEC_KEYS.filter((k) => k.startsWith("validation.required-"));
    expect(required).toHaveLength(25);
    for (const key of required) {
      expect(fr[key], key).toMatch(/^Le champ « [^»]+ » est requis\.$/);
      expect(en[key], key).toMatch(/^The '[^']+' field is required\.$/);
    }
    expect(new Set(required.map((k) => fr[k])).size).toBe(required.length);
  });
});
