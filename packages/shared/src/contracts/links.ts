import { z } from "zod";

/**
 * Short links served by Relais (spec part 1 §7: "POST link/create with url returns a shortened
 * link"), so a long address fits in a text. The short form is `<PUBLIC_URL>/l/<code>`.
 */

/** The longest address shortened: what browsers and carriers handle without trouble. */
export const SHORT_LINK_URL_MAX = 2048;
/** Base62 codes: 7 characters give 62^7 ≈ 3.5 × 10^12 codes, too many to guess one. */
export const SHORT_LINK_CODE_LENGTH = 7;
export const SHORT_LINK_CODE_PATTERN = /^[0-9A-Za-z]{7,16}$/;

/**
 * Only web addresses a phone opens in a browser: http or https, no control characters, no user
 * name or password before the host (`https://bank.example@evil.example` reads as the bank but
 * goes elsewhere).
 */
function isWebAddress(value: string): boolean {
  // Control characters (NUL, line breaks) are no part of an address as typed or pasted.
  if (/\p{Cc}/u.test(value)) return false;
  try {
    const u = new URL(value);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname.length > 0 && !u.username && !u.password;
  } catch {
    return false;
  }
}

/** POST link/create. */
export const createLinkRequest = z
  .object({
    url: z
      .string({ message: "validation.url" })
      .trim()
      .min(1, { message: "validation.required", abort: true })
      .max(SHORT_LINK_URL_MAX, { message: "validation.max-length", abort: true })
      .refine(isWebAddress, { message: "validation.url" }),
  })
  .strict();
export type CreateLinkRequest = z.infer<typeof createLinkRequest>;

export const createLinkResponse = z.object({
  /** The short address to paste in a text. */
  url: z.string(),
  code: z.string(),
});
export type CreateLinkResponse = z.infer<typeof createLinkResponse>;

/** GET /l/{code} (outside /api): the code of a short link. */
