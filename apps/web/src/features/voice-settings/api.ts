import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type AudioRecording, type CallPeriod, type SaveGreetingRequest, type TransferExtensionRequest } from "@relais/shared";
import { voiceSettingsEndpoints } from "@relais/shared/endpoints/voice-settings";
import { api } from "../../api/index.ts";

/** Voice settings (issue 13 §2–§3): transfer extensions, greetings per period and their recordings. */

const keys = {
  extensions: ["voice-settings", "transfer-extensions"] as const,
  greetings: (teamId: string | null) => ["voice-settings", "greetings", teamId ?? "organization"] as const,
  recording: (id: string) => ["voice-settings", "recording", id] as const,
};

/** GET transfer-extension; `enabled` false while the plan or the organisation's flag leaves it off (it would answer 403). */
export function useTransferExtensions(enabled: boolean) {
  return useQuery({
    queryKey: keys.extensions,
    queryFn: ({ signal }) => api.call(voiceSettingsEndpoints.transferExtensions, {}, { signal }),
    enabled,
  });
}

export function useSaveTransferExtension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: TransferExtensionRequest }) =>
      id
        ? api.call(voiceSettingsEndpoints.updateTransferExtension, { params: { id }, body })
        : api.call(voiceSettingsEndpoints.createTransferExtension, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.extensions }),
  });
}

export function useDeleteTransferExtension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(voiceSettingsEndpoints.removeTransferExtension, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.extensions }),
  });
}

/** A team's greetings, or the organisation's defaults (`teamId` null). */
export function useGreetings(teamId: string | null) {
  return useQuery({
    queryKey: keys.greetings(teamId),
    queryFn: ({ signal }) => api.call(voiceSettingsEndpoints.greetings, teamId ? { query: { teamId } } : {}, { signal }),
  });
}

export function useSaveGreeting(teamId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ period, body }: { period: CallPeriod; body: SaveGreetingRequest }) =>
      api.call(voiceSettingsEndpoints.saveGreeting, { params: { period }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.greetings(teamId) }),
  });
}

/** POST voice/v1/recordings: an mp3 / wav picked or recorded; the server checks it by content and measures it. */
export function uploadRecording(file: Blob, filename: string): Promise<AudioRecording> {
  const form = new FormData();
  form.append("file", file, filename);
  return api.call(voiceSettingsEndpoints.uploadRecording, { body: form });
}

/** The bytes of a recording, once: a stored recording never changes. */
export function useRecordingBlob(id: string | null) {
  return useQuery({
    queryKey: keys.recording(id ?? ""),
    queryFn: ({ signal }) => api.call(voiceSettingsEndpoints.recordingFile, { query: { url: id ?? "" } }, { signal }),
    enabled: id !== null,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    retry: 1,
  });
}
