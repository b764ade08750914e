import { isApiError } from "../../api/index.ts";

/** What the availabilities screen says on top and, when it has no week to show, in its body. */
export type AvailabilitiesState = { kind: "loading" } | { kind: "found"; name: string } | { kind: "not-found" } | { kind: "failed" };

/**
 * The state of GET members/{id}/availabilities as the screen shows it: a member of another
 * organisation (or none at all) answers 404, said as "not found", never as a title without a
 * name.
 */
export function availabilitiesState(query: { isPending: boolean; error: unknown; data?: { name: string } }): AvailabilitiesState {
  if (query.data) return { kind: "found", name: query.data.name };
  if (query.error) return isApiError(query.error) && query.error.status === 404 ? { kind: "not-found" } : { kind: "failed" };
  return { kind: "loading" };
}
