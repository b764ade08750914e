import type { Locale } from "../rules/locale.ts";
import type { MessageArea } from "./define.ts";
import { errors } from "./areas/errors.ts";
import { validation } from "./areas/validation.ts";
import { ui } from "./areas/ui.ts";
import { uiAuth } from "./areas/ui-auth.ts";
import { uiConfig } from "./areas/ui-config.ts";
import { uiDevops } from "./areas/ui-devops.ts";
import { uiConversations } from "./areas/ui-conversations.ts";
import { uiSimulator } from "./areas/ui-simulator.ts";
import { uiSimulatorEmail } from "./areas/ui-simulator-email.ts";
import { mail } from "./areas/mail.ts";
import { shortLinks } from "./areas/short-links.ts";
import { uiAvatar } from "./areas/ui-avatar.ts";
import { uiTextBlocks } from "./areas/ui-text-blocks.ts";
import { uiContacts } from "./areas/ui-contacts.ts";
import { uiAgenda } from "./areas/ui-agenda.ts";
import { uiContactImport } from "./areas/ui-contact-import.ts";
import { uiScheduledMessages } from "./areas/ui-scheduled-messages.ts";
import { uiSurveys } from "./areas/ui-surveys.ts";
import { voicePrompts } from "./areas/voice-prompts.ts";
import { email } from "./areas/email.ts";
import { uiCalls } from "./areas/ui-calls.ts";
import { voiceSettings } from "./areas/voice-settings.ts";
import { sips } from "./areas/sips.ts";

/** Every area of the catalogue. A new area file is added here and nowhere else. */
const areas = {
  errors,
  validation,
  ui,
  uiAuth,
  uiConfig,
  uiDevops,
  uiConversations,
  uiSimulator,
  uiSimulatorEmail,
  mail,
  shortLinks,
  uiAvatar,
  uiTextBlocks,
  uiContactImport,
  uiContacts,
  uiAgenda,
  uiScheduledMessages,
  uiSurveys,
  voicePrompts,
  email,
  uiCalls,
  voiceSettings,
  sips,
} as const;

type AreaKeys<T> = T extends Record<infer K, unknown> ? K : never;
export type MessageId = { [A in keyof typeof areas]: AreaKeys<(typeof areas)[A]> }[keyof typeof areas];

function catalogue(index: 0 | 1): Record<MessageId, string> {
  const out: Record<string, string> = {};
  for (const area of Object.values(areas) as MessageArea[]) {
    for (const [key, pair] of Object.entries(area)) {
      if (key in out) throw new Error(`Duplicate message id ${key}`);
      out[key] = pair[index];
    }
  }
  return out;
}

/** The two catalogues of DESIGN §1: fr-CA (default) and en-CA. */
export const messages: Record<Locale, Record<MessageId, string>> = {
  "fr-CA": catalogue(0),
  "en-CA": catalogue(1),
};

export function isMessageId(key: string): key is MessageId {
  return key in messages["fr-CA"];
}
