import { sandboxEmailInboundRequest, type SandboxEmail, type SandboxEmailInboundRequest } from "@relais/shared";
import { issuesToErrors, type FieldErrors } from "../../ui/forms.ts";

/** Two addresses name the same mailbox whatever their case (the sandbox files them in lower case). */
export function sameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * The subject of a reply, as mail programs write it: "Re: " once, however many times the thread
 * was answered already ("RE:", "re :" and the French "Ré :" count as one).
 */
export function replySubject(subject: string): string {
  const trimmed = subject.trim();
  return /^r[eé]\s?:/i.test(trimmed) ? trimmed : `Re: ${trimmed}`.trim();
}

/**
 * What the contact address and one team wrote each other, out of everything the address sent and
 * received in the sandbox: oldest first, as a conversation reads (ties keep the server's order).
 */
export function emailsWithTeam(emails: readonly SandboxEmail[], team: string): SandboxEmail[] {
  return emails
    .map((email, index) => ({ email, index, at: Date.parse(email.date) }))
    .filter(({ email }) => (email.direction === "sent" ? email.to.some((to) => sameAddress(to, team)) : sameAddress(email.from, team)))
    .sort((a, b) => (a.at === b.at || Number.isNaN(a.at - b.at) ? a.index - b.index : a.at - b.at))
    .map(({ email }) => email);
}

/** A draft's problems by field: the shared schema's, with a word of its own for a missing subject or message. */
export function checkDraft(
  draft: SandboxEmailInboundRequest,
): { data: SandboxEmailInboundRequest; errors: null } | { data: null; errors: FieldErrors } {
  const checked = sandboxEmailInboundRequest.safeParse(draft);
  if (checked.success) {
    return { data: checked.data, errors: null };
  }
  const errors = issuesToErrors(checked.error.issues);
  if (errors["subject"]?.key === "validation.required") {
    errors["subject"] = { key: "simulator.email.error.subject-required" };
  }
  if (errors["body"]?.key === "validation.required") {
    errors["body"] = { key: "simulator.email.error.body-required" };
  }
  return { data: null, errors };
}
