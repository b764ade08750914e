import { agendaEndpoints } from "./agenda.ts";
import { authEndpoints } from "./auth.ts";
import { automaticTextsEndpoints } from "./automatic-texts.ts";
import { contactImportEndpoints } from "./contact-import.ts";
import { contactsEndpoints } from "./contacts.ts";
import { devEndpoints } from "./dev.ts";
import { emailEndpoints } from "./email.ts";
import type { EndpointDef } from "./endpoint.ts";
import { healthEndpoints } from "./health.ts";
import { linksEndpoints } from "./links.ts";
import { messagingEndpoints } from "./messaging.ts";
import { organizationsEndpoints } from "./organizations.ts";
import { realtimeEndpoints } from "./realtime.ts";
import { sandboxEndpoints } from "./sandbox.ts";
import { scheduledMessagesEndpoints } from "./scheduled-messages.ts";
import { sipsEndpoints } from "./sips.ts";
import { statusEndpoints } from "./status.ts";
import { surveysEndpoints } from "./surveys.ts";
import { teamsEndpoints } from "./teams.ts";
import { textBlocksEndpoints } from "./text-blocks.ts";
import { twilioEndpoints } from "./twilio.ts";
import { twilioVoiceEndpoints } from "./twilio-voice.ts";
import { usersEndpoints } from "./users.ts";
import { voiceEndpoints } from "./voice.ts";
import { voiceSettingsEndpoints } from "./voice-settings.ts";

export * from "./endpoint.ts";

/**
 * Every HTTP endpoint of Relais, declared once, grouped by the module that serves it: the server
 * registers its routes from these entries, the web calls through them, the OpenAPI document, the
 * API map (docs/api.md) and the hostile-input test are made from them. Adding an endpoint: an
 * entry here, a handler in the module's routes.ts, a hook in the web.
 */
export const endpoints = {
  agenda: agendaEndpoints,
  auth: authEndpoints,
  automaticTexts: automaticTextsEndpoints,
  contactImport: contactImportEndpoints,
  contacts: contactsEndpoints,
  dev: devEndpoints,
  email: emailEndpoints,
  health: healthEndpoints,
  links: linksEndpoints,
  messaging: messagingEndpoints,
  organizations: organizationsEndpoints,
  realtime: realtimeEndpoints,
  sandbox: sandboxEndpoints,
  scheduledMessages: scheduledMessagesEndpoints,
  sips: sipsEndpoints,
  status: statusEndpoints,
  surveys: surveysEndpoints,
  teams: teamsEndpoints,
  textBlocks: textBlocksEndpoints,
  twilio: twilioEndpoints,
  twilioVoice: twilioVoiceEndpoints,
  users: usersEndpoints,
  voice: voiceEndpoints,
  voiceSettings: voiceSettingsEndpoints,
} as const;

/** One entry with its registry name (`users.create`), for lists: the docs, the route check, the hostile test. */
export type NamedEndpoint = { name: string; def: EndpointDef };

/** Every entry, in registry order. */
export function listEndpoints(): NamedEndpoint[] {
  return Object.entries(endpoints).flatMap(([group, entries]) =>
    Object.entries(entries as Record<string, EndpointDef>).map(([name, def]) => ({ name: `${group}.${name}`, def })),
  );
}
