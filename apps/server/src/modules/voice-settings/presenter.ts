import type {
  AudioRecording,
  Greeting,
  GreetingAudioType,
  GreetingKind,
  GreetingLanguage,
  CallPeriod,
  TransferExtension,
} from "@relais/shared";
import type { AudioRow, GreetingWithAudio, TransferExtensionRow } from "./repo.ts";

/** Rows → the shared response shapes (never a raw row). */

export function presentTransferExtension(row: TransferExtensionRow): TransferExtension {
  return { id: row.id, name: row.name, phoneNumber: row.phone_number, extension: row.extension };
}

export function presentAudio(row: Pick<AudioRow, "id" | "content_type" | "size" | "duration_ms">): AudioRecording {
  return { id: row.id, contentType: row.content_type as GreetingAudioType, size: row.size, duration: row.duration_ms / 1000 };
}

export function presentGreeting(row: GreetingWithAudio): Greeting {
  const audio =
    row.audio_id && row.audio_content_type && row.audio_size !== null && row.audio_duration_ms !== null
      ? presentAudio({ id: row.audio_id, content_type: row.audio_content_type, size: row.audio_size, duration_ms: row.audio_duration_ms })
      : null;
  return {
    period: row.period as CallPeriod,
    kind: row.kind as GreetingKind,
    enabled: row.enabled,
    text: row.text,
    language: row.language as GreetingLanguage | null,
    audio,
    updatedAt: row.updated_at.toISOString(),
  };
}
