import { twilioInboundForm, twilioStatusForm, twilioStatusQuery } from "../contracts/twilio.ts";
import { endpoint } from "./endpoint.ts";

/** Twilio's webhooks (DESIGN §6): public, form bodies, every one checked against its X-Twilio-Signature. */
export const twilioEndpoints = {
  inboundSms: endpoint({
    method: "POST",
    path: "/webhooks/twilio/sms",
    summary:
      "An inbound text; empty TwiML `<Response/>` after the durable insert; same MessageSid twice records once; 403 `error.invalid-signature`",
    access: { public: true },
    who: "public, X-Twilio-Signature",
    body: twilioInboundForm,
    bodyKind: "form",
    answer: "xml",
  }),
  messageStatus: endpoint({
    method: "POST",
    path: "/webhooks/twilio/status",
    summary: "204; sent/delivered/failed (undelivered → failed, reason `twilio-<ErrorCode>`), queued/sending ignored; forward only",
    access: { public: true },
    who: "public, X-Twilio-Signature",
    query: twilioStatusQuery,
    body: twilioStatusForm,
    bodyKind: "form",
    answer: "empty",
    status: 204,
  }),
};
