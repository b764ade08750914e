/** Modules of the relais-catalogues plugin (vite.config.ts): one language's messages, parsed. */
declare module "virtual:relais-catalogue/fr-CA" {
  import type { MessageFormatElement } from "react-intl";
  import type { MessageId } from "@relais/shared";
  const catalogue: Record<MessageId, MessageFormatElement[]>;
  export default catalogue;
}
declare module "virtual:relais-catalogue/en-CA" {
  import type { MessageFormatElement } from "react-intl";
  import type { MessageId } from "@relais/shared";
  const catalogue: Record<MessageId, MessageFormatElement[]>;
  export default catalogue;
}
declare module "virtual:relais-catalogue/load-failed" {
  import type { MessageFormatElement } from "react-intl";
  import type { Locale, MessageId } from "@relais/shared";
  /** Only the app.load-failed.* messages, in each language. */
  const catalogues: Record<Locale, Partial<Record<MessageId, MessageFormatElement[]>>>;
  export default catalogues;
}
declare module "virtual:relais-catalogue/calls-fr-CA" {
  import type { MessageFormatElement } from "react-intl";
  import type { MessageId } from "@relais/shared";
  /** Only the call screens' messages (the uiCalls area, decision 0029). */
  const catalogue: Partial<Record<MessageId, MessageFormatElement[]>>;
  export default catalogue;
}
declare module "virtual:relais-catalogue/calls-en-CA" {
  import type { MessageFormatElement } from "react-intl";
  import type { MessageId } from "@relais/shared";
  /** Only the call screens' messages (the uiCalls area, decision 0029). */
  const catalogue: Partial<Record<MessageId, MessageFormatElement[]>>;
  export default catalogue;
}
