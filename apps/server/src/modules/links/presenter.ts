import type { CreateLinkResponse } from "@relais/shared";

/** The short address of `code` under the server's public origin. */
export function presentLink(publicUrl: string, code: string): CreateLinkResponse {
  return { url: `${publicUrl.replace(/\/+$/, "")}/l/${code}`, code };
}
