import { z } from "zod";
import { idParams, okResponse } from "../contracts/common.ts";
import { endpoint } from "./endpoint.ts";

/** A mail the development transport stored instead of sending it. */
const devMail = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  sentAt: z.string(),
});

/** Development tools: served only when they are on (never in production). */
export const devEndpoints = {
  mail: endpoint({
    method: "GET",
    path: "/dev/mail",
    summary: "Mails written by the dev transport under `data/mail/`",
    access: { public: true },
    who: "dev tools only",
    response: z.array(devMail),
    availability: "dev",
  }),
  runScheduledNow: endpoint({
    method: "POST",
    path: "/dev/scheduled-messages/:id/run-now",
    summary: "Sends a scheduled message now rather than at its time (journeys); 404 for another organisation's",
    access: {},
    who: "dev tools only; author, team or org administrator",
    params: idParams,
    response: okResponse,
    availability: "dev",
  }),
};
