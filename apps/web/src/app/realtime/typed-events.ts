import { EVENT_PAYLOADS, type EventMap, type EventName, type RealtimeEvent } from "@relais/shared";

/** A received event of a name this version knows, with that name's payload type (EventMap). */
export type EventOf<N extends EventName> = Omit<RealtimeEvent, "type" | "payload"> & { type: N; payload: EventMap[N] };

/**
 * Is `event` a `name` event whose payload has that name's shape (EVENT_PAYLOADS)? Narrows it, so
 * a handler reads `event.payload.id` typed. False for any other name, and for a payload this
 * version cannot read (a newer server during a rolling deploy): the handler then reads again
 * what the event may have changed. The wire schema itself stays permissive (realtimeEvent).
 */
export function isEvent<N extends EventName>(event: RealtimeEvent, name: N): event is RealtimeEvent & EventOf<N> {
  if (event.type !== name) {
    return false;
  }
  const schema: { safeParse: (data: unknown) => { success: boolean } } = EVENT_PAYLOADS[name];
  return schema.safeParse(event.payload).success;
}
