/** One message: its French (fr-CA) and English (en-CA) ICU texts side by side. */
type MessagePair = readonly [fr: string, en: string];
export type MessageArea = Record<string, MessagePair>;

/** Typed identity: keeps the keys of an area literal so `MessageId` is a closed union. */
export function defineMessages<const T extends MessageArea>(area: T): T {
  return area;
}
