import { randomBytes } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";

export type PhoneLogMedia = { id: string; contentType: string; bytes: Buffer };

/** A text a simulated phone sent to a clinic number, as the network carried it. */
export type PhoneLogEntry = {
  carrierMessageId: string;
  from: string;
  to: string;
  body: string;
  media: PhoneLogMedia[];
  at: Date;
};

/** How many texts the log keeps, and how many bytes of their files, oldest dropped first. */
const ENTRIES_MAX = 5000;
const MEDIA_BYTES_MAX = 50_000_000;

/**
 * What the simulated phones sent, so the phone simulator shows both sides of a conversation
 * after a reload. In memory, like the rest of the sandbox network: a restart forgets it, and the
 * clinic's side (the database) is the record that matters.
 */
export class SandboxPhoneLog {
  private readonly entries: PhoneLogEntry[] = [];
  private readonly files = new Map<string, PhoneLogMedia>();
  private fileBytes = 0;

  /** Keeps a text Relais accepted, its files decoded and their type read from the bytes. */
  async record(text: {
    carrierMessageId: string;
    from: string;
    to: string;
    body: string;
    media: { dataBase64: string }[];
  }): Promise<PhoneLogEntry> {
    const media = await Promise.all(
      text.media.map(async (m) => {
        const bytes = Buffer.from(m.dataBase64, "base64");
        const sniffed = await fileTypeFromBuffer(bytes);
        return { id: randomBytes(16).toString("hex"), contentType: sniffed?.mime ?? "application/octet-stream", bytes };
      }),
    );
    const entry: PhoneLogEntry = {
      carrierMessageId: text.carrierMessageId,
      from: text.from,
      to: text.to,
      body: text.body,
      media,
      at: new Date(),
    };
    this.entries.push(entry);
    for (const file of media) {
      this.files.set(file.id, file);
      this.fileBytes += file.bytes.length;
    }
    while (this.entries.length > ENTRIES_MAX || (this.fileBytes > MEDIA_BYTES_MAX && this.entries.length > 1)) this.dropOldest();
    return entry;
  }

  /** What `phone` sent to the clinic number `to`, oldest first. */
  sentBy(phone: string, to: string): PhoneLogEntry[] {
    return this.entries.filter((e) => e.from === phone && e.to === to);
  }

  file(id: string): PhoneLogMedia | undefined {
    return this.files.get(id);
  }

  private dropOldest(): void {
    const oldest = this.entries.shift();
    for (const file of oldest?.media ?? []) {
      this.files.delete(file.id);
      this.fileBytes -= file.bytes.length;
    }
  }
}
