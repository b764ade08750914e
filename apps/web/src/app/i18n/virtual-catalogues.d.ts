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
declare module "virtual:relais-catalogue/fr-CA/email" {
  import type { MessageFormatElement } from "react-intl";
  import type { MessageId } from "@relais/shared";
  /** The deferred part `email` (vite.config.ts DEFERRED_PARTS): the email screens' texts. */
  const catalogue: Partial<Record<MessageId, MessageFormatElement[]>>;
  export default catalogue;
}
declare module "virtual:relais-catalogue/en-CA/email" {
  import type { MessageFormatElement } from "react-intl";
  import type { MessageId } from "@relais/shared";
  const catalogue: Partial<Record<MessageId, MessageFormatElement[]>>;
  export default catalogue;
}
declare module "virtual:relais-catalogue/fr-CA/calls" {
  import type { MessageFormatElement } from "react-intl";
  import type { MessageId } from "@relais/shared";
  /** The deferred part `calls` (vite.config.ts DEFERRED_PARTS): the call screens' texts (decision 0029). */
  const catalogue: Partial<Record<MessageId, MessageFormatElement[]>>;
  export default catalogue;
}
declare module "virtual:relais-catalogue/en-CA/calls" {
  import type { MessageFormatElement } from "react-intl";
  import type { MessageId } from "@relais/shared";
  const catalogue: Partial<Record<MessageId, MessageFormatElement[]>>;
  export default catalogue;
}
declare module "virtual:relais-catalogue/fr-CA/simulator" {
  import type { MessageFormatElement } from "react-intl";
  import type { MessageId } from "@relais/shared";
  const catalogue: Partial<Record<MessageId, MessageFormatElement[]>>;
  export default catalogue;
}
declare module "virtual:relais-catalogue/en-CA/simulator" {
  import type { MessageFormatElement } from "react-intl";
  import type { MessageId } from "@relais/shared";
  const catalogue: Partial<Record<MessageId, MessageFormatElement[]>>;
  export default catalogue;
}
declare module "virtual:relais-catalogue/fr-CA/devops" {
  import type { MessageFormatElement } from "react-intl";
  import type { MessageId } from "@relais/shared";
  const catalogue: Partial<Record<MessageId, MessageFormatElement[]>>;
  export default catalogue;
}
declare module "virtual:relais-catalogue/en-CA/devops" {
  import type { MessageFormatElement } from "react-intl";
  import type { MessageId } from "@relais/shared";
  const catalogue: Partial<Record<MessageId, MessageFormatElement[]>>;
  export default catalogue;
}
declare module "virtual:relais-catalogue/fr-CA/import" {
  import type { MessageFormatElement } from "react-intl";
  import type { MessageId } from "@relais/shared";
  const catalogue: Partial<Record<MessageId, MessageFormatElement[]>>;
  export default catalogue;
}
declare module "virtual:relais-catalogue/en-CA/import" {
  import type { MessageFormatElement } from "react-intl";
  import type { MessageId } from "@relais/shared";
  const catalogue: Partial<Record<MessageId, MessageFormatElement[]>>;
  export default catalogue;
}
declare module "virtual:relais-catalogue/fr-CA/config" {
  import type { MessageFormatElement } from "react-intl";
  import type { MessageId } from "@relais/shared";
  const catalogue: Partial<Record<MessageId, MessageFormatElement[]>>;
  export default catalogue;
}
declare module "virtual:relais-catalogue/en-CA/config" {
  import type { MessageFormatElement } from "react-intl";
  import type { MessageId } from "@relais/shared";
  const catalogue: Partial<Record<MessageId, MessageFormatElement[]>>;
  export default catalogue;
}
