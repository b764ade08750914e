// The agenda's query keys apart from its API hooks: the shell's live sync needs only the keys, so
// the hooks and the agenda contracts they name load with the agenda screens (decision 0016).

/** Query keys of the agenda; `all` is a prefix of every one (a booking invalidates it). */
export const agendaKeys = {
  all: ["agenda"] as const,
  range: (scope: AgendaScope, from: string, to: string) => ["agenda", "range", scope.kind, scope.id, from, to] as const,
  week: (memberId: string) => ["agenda", "availabilities", memberId] as const,
  contact: (contactId: string) => ["agenda", "contact", contactId] as const,
};

export type AgendaScope = { kind: "member" | "team"; id: string };
