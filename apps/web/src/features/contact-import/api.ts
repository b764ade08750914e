import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { endpoints, type ContactImport } from "@relais/shared";
import { api } from "../../api/index.ts";
import { saveBlob } from "../conversations/media-api.ts";

/**
 * Contact import (server modules/contact-import): a preview of the file, then a run polled until
 * it ends, then its report. Administrators only; the button is not shown to anyone else.
 */

/** Often enough for a smooth bar: a 50 000-line file takes a few seconds. */
export const IMPORT_POLL_MS = 400;

/** A 25 MB file on a slow office line, and the server's pass over it. */
const UPLOAD_TIMEOUT_MS = 120_000;

const keys = {
  run: (id: string) => ["contact-import", "run", id] as const,
};

function fileForm(file: File): FormData {
  const form = new FormData();
  form.append("file", file, file.name);
  return form;
}

export function usePreviewImport() {
  return useMutation({
    mutationFn: (file: File) => api.call(endpoints.contactImport.preview, { body: fileForm(file) }, { timeoutMs: UPLOAD_TIMEOUT_MS }),
  });
}

export function useStartImport() {
  return useMutation({
    mutationFn: (file: File) => api.call(endpoints.contactImport.start, { body: fileForm(file) }, { timeoutMs: UPLOAD_TIMEOUT_MS }),
  });
}

/** The run, read again while it runs; when it ends the contact lists are read again. */
export function useImportRun(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: keys.run(id ?? ""),
    enabled: id !== null,
    queryFn: async ({ signal }) => {
      const run = await api.call(endpoints.contactImport.progress, { params: { id: id ?? "" } }, { signal });
      // ["contacts"] prefixes every contacts query (features/contacts/api.ts contactKeys.all).
      if (run.status === "done") void queryClient.invalidateQueries({ queryKey: ["contacts"] });
      return run;
    },
    refetchInterval: (query) => (query.state.data?.status === "running" || !query.state.data ? IMPORT_POLL_MS : false),
  });
}

/** The report of refused lines as a CSV download, in the person's language. */
export async function downloadReport(run: ContactImport, filename: string): Promise<void> {
  saveBlob(await api.call(endpoints.contactImport.report, { params: { id: run.id } }), filename);
}
