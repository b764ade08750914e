import { idParams, okResponse } from "../contracts/common.ts";
import {
  scheduledMessage,
  scheduledMessageRequest,
  scheduledMessagesQuery,
  scheduledMessagesResponse,
  scheduledPhoneParams,
} from "../contracts/scheduled-messages.ts";
import { endpoint } from "./endpoint.ts";

export const scheduledMessagesEndpoints = {
  create: endpoint({
    method: "POST",
    path: "/scheduled-messages",
    summary:
      "Date and HH:mm in the organisation's time zone, stored in UTC; 400 `validation.scheduled-too-soon` under 5 minutes ahead, 400 `error.scheduled-reminder-past` for a reminder whose moment is already past; a job per message and reminder",
    access: {},
    who: "signed in, team member",
    body: scheduledMessageRequest,
    response: scheduledMessage,
    status: 201,
  }),
  list: endpoint({
    method: "GET",
    path: "/scheduled-messages",
    summary:
      "The caller's teams', soonest first; `status` scheduled, sending, sent or failed; each names the organisation's `contact` of its number, or null",
    access: {},
    who: "signed in, team member",
    query: scheduledMessagesQuery,
    response: scheduledMessagesResponse,
  }),
  byPhone: endpoint({
    method: "GET",
    path: "/scheduled-messages/phone/:phone",
    summary: "Those to one number; emergency numbers and anonymous callers: empty, not looked up",
    access: {},
    who: "signed in, team member",
    params: scheduledPhoneParams,
    response: scheduledMessagesResponse,
  }),
  get: endpoint({
    method: "GET",
    path: "/scheduled-messages/:id",
    summary: "One scheduled message",
    access: {},
    who: "signed in, team member",
    params: idParams,
    response: scheduledMessage,
  }),
  update: endpoint({
    method: "PUT",
    path: "/scheduled-messages/:id",
    summary: "While waiting, else 409 `error.scheduled-message-save`; its jobs move",
    access: {},
    who: "author, team or org administrator",
    params: idParams,
    body: scheduledMessageRequest,
    response: scheduledMessage,
  }),
  cancel: endpoint({
    method: "DELETE",
    path: "/scheduled-messages/:id",
    summary: "While waiting, else 409; its jobs removed; audit log",
    access: {},
    who: "author, team or org administrator",
    params: idParams,
    response: okResponse,
  }),
};
