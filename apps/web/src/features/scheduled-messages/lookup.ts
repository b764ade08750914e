import { isAnonymousNumber, isEmergencyNumber } from "@relais/shared";

/**
 * Spec part 1 §5: scheduled messages by phone are not queried for anonymous or emergency
 * numbers; nobody can text them, so there is nothing to look up or plan for them.
 */
export function schedulesLookedUpFor(phone: string): boolean {
  return phone.trim() !== "" && !isAnonymousNumber(phone) && !isEmergencyNumber(phone);
}
