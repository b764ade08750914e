import { eventsPage, eventsQuery, realtimeSocketQuery } from "../events.ts";
import { endpoint } from "./endpoint.ts";

/** The real-time log (DESIGN §5): the socket, and the same log by cursor when no socket can open. */
export const realtimeEndpoints = {
  socket: endpoint({
    method: "GET",
    path: "/realtime",
    summary: "The WebSocket: authenticated by its first message (the access token), then the caller's events from `after`",
    access: { public: true },
    who: "access token in the first message",
    query: realtimeSocketQuery,
    answer: "websocket",
  }),
  events: endpoint({
    method: "GET",
    path: "/events",
    summary: "The caller's events after `after`, by cursor: the fallback when a WebSocket cannot be opened",
    access: {},
    query: eventsQuery,
    response: eventsPage,
  }),
  polling: endpoint({
    method: "GET",
    path: "/messaging/v1/polling",
    summary: "The spec's name for the same feed as `events`",
    access: {},
    query: eventsQuery,
    response: eventsPage,
  }),
};
