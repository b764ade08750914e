import { describe, expect, it } from "vitest";
import type { SandboxEmail } from "@relais/shared";
import { checkDraft, emailsWithTeam, replySubject, sameAddress } from "./mail.ts";

const TEAM = "reception@clinique-demo.ca";
const ME = "helene.tremblay@exemple.ca";

function mail(over: Partial<SandboxEmail> & Pick<SandboxEmail, "messageId" | "direction" | "date">): SandboxEmail {
  return {
    from: over.direction === "sent" ? ME : TEAM,
    to: over.direction === "sent" ? [TEAM] : [ME],
    subject: "Rendez-vous",
    text: "Bonjour",
    inReplyTo: null,
    references: [],
    attachments: [],
    ...over,
  };
}

describe("the subject of a reply", () => {
  it("adds Re: to a first reply", () => {
    expect(replySubject("Rendez-vous de mardi")).toBe("Re: Rendez-vous de mardi");
    expect(replySubject("  Rendez-vous  ")).toBe("Re: Rendez-vous");
  });

  it("does not double it, whatever its case or the French spelling", () => {
    expect(replySubject("Re: Rendez-vous")).toBe("Re: Rendez-vous");
    expect(replySubject("RE: Rendez-vous")).toBe("RE: Rendez-vous");
    expect(replySubject("re : Rendez-vous")).toBe("re : Rendez-vous");
    expect(replySubject("Ré : Rendez-vous")).toBe("Ré : Rendez-vous");
  });

  it("answers a subject that merely starts like it, and an empty one", () => {
    expect(replySubject("Reçu de paiement")).toBe("Re: Reçu de paiement");
    expect(replySubject("Rendez-vous: mardi")).toBe("Re: Rendez-vous: mardi");
    expect(replySubject("")).toBe("Re:");
  });
});

describe("the emails between an address and one team", () => {
  it("keeps those with that team only, whatever the addresses' case", () => {
    const emails = [
      mail({ messageId: "<a@x>", direction: "sent", date: "2026-11-26T10:00:00.000Z" }),
      mail({ messageId: "<b@x>", direction: "sent", date: "2026-11-26T10:01:00.000Z", to: ["autre@notaire-demo.ca"] }),
      mail({ messageId: "<c@x>", direction: "received", date: "2026-11-26T10:02:00.000Z", from: "Reception@Clinique-Demo.ca" }),
      mail({ messageId: "<d@x>", direction: "received", date: "2026-11-26T10:03:00.000Z", from: "autre@notaire-demo.ca" }),
      mail({ messageId: "<e@x>", direction: "sent", date: "2026-11-26T10:04:00.000Z", to: ["cc@exemple.ca", TEAM.toUpperCase()] }),
    ];
    expect(emailsWithTeam(emails, TEAM).map((e) => e.messageId)).toEqual(["<a@x>", "<c@x>", "<e@x>"]);
  });

  it("puts them oldest first by their date, ties in the server's order", () => {
    const emails = [
      mail({ messageId: "<late@x>", direction: "received", date: "2026-11-26T12:00:00.000Z" }),
      mail({ messageId: "<early@x>", direction: "sent", date: "2026-11-26T08:00:00.000Z" }),
      mail({ messageId: "<tie1@x>", direction: "sent", date: "2026-11-26T10:00:00.000Z" }),
      mail({ messageId: "<tie2@x>", direction: "received", date: "2026-11-26T10:00:00.000Z" }),
    ];
    expect(emailsWithTeam(emails, TEAM).map((e) => e.messageId)).toEqual(["<early@x>", "<tie1@x>", "<tie2@x>", "<late@x>"]);
  });

  it("compares addresses without their case or surrounding spaces", () => {
    expect(sameAddress(" Reception@Clinique-Demo.ca", TEAM)).toBe(true);
    expect(sameAddress("reception@clinique-demo.com", TEAM)).toBe(false);
  });
});

describe("a draft to the team", () => {
  const draft = { from: ME, to: TEAM, subject: "Question", body: "Bonjour" };

  it("passes when it has a subject and a message, a reply keeping its In-Reply-To", () => {
    expect(checkDraft({ ...draft, inReplyTo: "<r@clinique-demo.ca>" })).toEqual({
      data: { ...draft, inReplyTo: "<r@clinique-demo.ca>" },
      errors: null,
    });
  });

  it("says which of subject and message is missing, in the simulator's own words", () => {
    expect(checkDraft({ ...draft, subject: "  ", body: "" }).errors).toEqual({
      subject: { key: "simulator.email.error.subject-required" },
      body: { key: "simulator.email.error.body-required" },
    });
  });

  it("keeps the shared rule's word for a subject too long or on two lines", () => {
    expect(checkDraft({ ...draft, subject: "x".repeat(256) }).errors).toEqual({
      subject: { key: "validation.max-length", values: { maxLength: 255 } },
    });
    expect(checkDraft({ ...draft, subject: "Une\nautre" }).errors).toEqual({ subject: { key: "validation.invalid" } });
  });
});
