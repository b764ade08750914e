import { describe, expect, it } from "vitest";
import { simpleParser } from "mailparser";
import { composeEmail, newMessageId, replyHeaders } from "./mail-compose.ts";

describe("composeEmail", () => {
  it("writes the fixed Message-ID, the threading headers and the files, and the parser reads them back", async () => {
    const raw = await composeEmail({
      from: "accueil@clinique.test",
      to: ["lea@patients.test"],
      subject: "Votre rendez-vous — mardi",
      text: "Bonjour Léa,\nÀ mardi.",
      messageId: "<fixe@clinique.test>",
      inReplyTo: "<b@patients.test>",
      references: ["<a@clinique.test>", "<b@patients.test>"],
      date: new Date("2026-05-01T14:00:00Z"),
      attachments: [{ filename: "plan.pdf", contentType: "application/pdf", content: Buffer.from("%PDF-1.4 plan") }],
    });
    const mail = await simpleParser(raw);
    expect(mail.messageId).toBe("<fixe@clinique.test>");
    expect(mail.inReplyTo).toBe("<b@patients.test>");
    expect(mail.references).toEqual(["<a@clinique.test>", "<b@patients.test>"]);
    expect(mail.subject).toBe("Votre rendez-vous — mardi");
    expect(mail.text?.trim()).toBe("Bonjour Léa,\nÀ mardi.");
    expect(mail.date?.toISOString()).toBe("2026-05-01T14:00:00.000Z");
    expect(mail.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([["plan.pdf", "%PDF-1.4 plan"]]);
  });
});

describe("replyHeaders", () => {
  it("answers the thread's latest email and keeps its root and the latest references", () => {
    expect(replyHeaders(undefined)).toEqual({ inReplyTo: null, references: [] });
    expect(replyHeaders({ header_message_id: "<2@x>", references: ["<1@x>"] })).toEqual({
      inReplyTo: "<2@x>",
      references: ["<1@x>", "<2@x>"],
    });
    const long = Array.from({ length: 30 }, (_, i) => `<${i}@x>`);
    const { references } = replyHeaders({ header_message_id: "<30@x>", references: long });
    expect(references).toHaveLength(20);
    expect(references[0]).toBe("<0@x>");
    expect(references.at(-1)).toBe("<30@x>");
  });

  it("makes a Message-ID on the sending mailbox's domain", () => {
    expect(newMessageId("accueil@clinique.test")).toMatch(/^<[0-9a-f-]{36}@clinique\.test>$/);
  });
});
