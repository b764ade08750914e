import { useQuery } from "@tanstack/react-query";
import { type MediaRef } from "@relais/shared";
import { messagingEndpoints } from "@relais/shared/endpoints/messaging";
import { api } from "../../api/index.ts";

/** Media of the text inbox: uploads and the bytes of a file, through the authenticated client. */

const mediaKey = (id: string) => ["messaging", "media", id] as const;

/** POST messaging/v1/media: one file, as multipart; the server checks it again by its content. */
export function uploadMediaFile(file: File, signal?: AbortSignal): Promise<MediaRef> {
  const form = new FormData();
  form.append("file", file, file.name);
  return api.call(messagingEndpoints.upload, { body: form }, { signal });
}

/** The bytes of a file, once per session: a file never changes once stored. */
export function useMediaBlob(media: MediaRef, enabled = true) {
  return useQuery({
    queryKey: mediaKey(media.id),
    queryFn: ({ signal }) => api.call(messagingEndpoints.file, { params: { id: media.id } }, { signal }),
    enabled,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    retry: 1,
  });
}

/** Fetches a file and hands it to the browser as a download under its name. */
export async function downloadMedia(media: MediaRef): Promise<void> {
  saveBlob(await api.call(messagingEndpoints.file, { params: { id: media.id } }), media.filename);
}

/** Hands bytes already fetched to the browser as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL; freeing it at once can cancel it in some browsers.
  window.setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 60_000);
}
