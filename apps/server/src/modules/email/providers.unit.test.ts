import { describe, expect, it } from "vitest";
import { detectProvider, parseMailUrl, type MxResolver } from "./providers.ts";

const mx =
  (records: Record<string, string[]>): MxResolver =>
  (domain) =>
    records[domain]
      ? Promise.resolve(records[domain].map((exchange, priority) => ({ exchange, priority })))
      : Promise.reject(new Error("ENOTFOUND"));

describe("detectProvider", () => {
  it("knows the providers' own domains without a look-up", async () => {
    const none = mx({});
    expect(await detectProvider("a@gmail.com", none)).toBe("Gmail");
    expect(await detectProvider("a@outlook.fr", none)).toBe("Outlook");
    expect(await detectProvider("a@hotmail.co.uk", none)).toBe("Outlook");
    expect(await detectProvider("a@live.ca", none)).toBe("Outlook");
  });

  it("reads a custom domain's MX records", async () => {
    const resolve = mx({
      "clinique.ca": ["aspmx.l.google.com.", "alt1.aspmx.l.google.com"],
      "notaire.ca": ["notaire-ca.mail.protection.outlook.com"],
      "autre.ca": ["mx.ovh.net"],
    });
    expect(await detectProvider("reception@clinique.ca", resolve)).toBe("Gmail");
    expect(await detectProvider("bureau@notaire.ca", resolve)).toBe("Outlook");
    expect(await detectProvider("x@autre.ca", resolve)).toBeNull();
  });

  it("answers unknown when the look-up fails, and is not fooled by a look-alike host", async () => {
    expect(await detectProvider("x@nowhere.test", mx({}))).toBeNull();
    expect(
      await detectProvider("x@evil.test", mx({ "evil.test": ["google.com.evil.test", "mail.protection.outlook.com.evil.test"] })),
    ).toBeNull();
  });
});

describe("parseMailUrl", () => {
  it("reads TLS from the scheme and the default ports", () => {
    expect(parseMailUrl("imaps://imap.gmail.com")).toEqual({ host: "imap.gmail.com", port: 993, secure: true });
    expect(parseMailUrl("smtp://smtp.office365.com:587")).toEqual({ host: "smtp.office365.com", port: 587, secure: false });
    expect(() => parseMailUrl("http://x")).toThrow();
  });
});
