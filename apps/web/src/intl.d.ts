import type { MessageId } from "@relais/shared";

/** Every `<FormattedMessage id>` and `intl.formatMessage({id})` is checked against the catalogue. */
declare global {
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}

export {};
