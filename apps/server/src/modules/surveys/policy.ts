import { isAdministrator, SURVEY_HOLD_MINUTES } from "@relais/shared";
import type { Ctx } from "../../platform/auth/ctx.ts";

/** Pure rules of the satisfaction survey. No I/O. */

/** Administrators write the questions; every staff member who sees a conversation may send them. */
export function canUpdateSurveySettings(actor: Pick<Ctx, "role">): boolean {
  return isAdministrator(actor.role);
}

/** Spec part 1 §4: the contact's line is held for at most one hour from the first question. */
export function holdEndsAt(startedAt: Date): Date {
  return new Date(startedAt.getTime() + SURVEY_HOLD_MINUTES * 60_000);
}

/**
 * A survey text with its fields filled. Unlike a quick message, nobody reads it before it
 * leaves, so a field with no value (a contact known only by a business name) is dropped with the
 * space before it rather than sent as a raw token (French keeps its space before "?" and "!").
 */
export function fillSurveyText(
  text: string,
  values: { firstName: string | null; lastName: string | null; organizationName: string },
): string {
  const byName: Record<string, string | null> = values;
  return text
    .replace(/([ \t]*)\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g, (_raw, space: string, name: string) => {
      const value = byName[name]?.trim();
      return value ? `${space}${value}` : "";
    })
    .trim();
}
