import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ContactImport, type ImportDateFormat } from "@relais/shared";
import { contactImportEndpoints } from "@relais/shared/endpoints/contact-import";
import { api } from "../../api/index.ts";
import { saveBlob } from "../messaging/media-api.ts";

/**
 * Contact import (server modules/contact-import): a preview of the file, then a run polled until
 * it ends, then its report. Administrators only; the button is not shown to anyone else.
 */

/** Often enough for a smooth bar: a 50 000-line file takes a few seconds. */
const IMPORT_POLL_MS = 400;

/** A 25 MB file on a slow office line, and the server's pass over it. */
const UPLOAD_TIMEOUT_MS = 120_000;

const keys = {
  run: (id: string) => ["contact-import", "run", id] as const,
};

/** A file to read, with the format of its birth dates when the person chose one. */
export type ImportUpload = { file: File; dateFormat: ImportDateFormat | null };

/** The date format goes first: the server reads the fields sent before the file. */
function fileForm({ file, dateFormat }: ImportUpload): FormData {
  const form = new FormData();
  if (dateFormat) form.append("dateFormat", dateFormat);
  form.append("file", file, file.name);
  return form;
}

export function usePreviewImport() {
  return useMutation({
    mutationFn: (upload: ImportUpload) =>
      api.call(contactImportEndpoints.preview, { body: fileForm(upload) }, { timeoutMs: UPLOAD_TIMEOUT_MS }),
  });
}

export function useStartImport() {
  return useMutation({
    mutationFn: (upload: ImportUpload) =>
      api.call(contactImportEndpoints.start, { body: fileForm(upload) }, { timeoutMs: UPLOAD_TIMEOUT_MS }),
  });
}

/** The run, read again while it runs; when it ends the contact lists are read again. */
export function useImportRun(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: keys.run(id ?? ""),
    enabled: id !== null,
    queryFn: async ({ signal }) => {
      const run = await api.call(contactImportEndpoints.progress, { params: { id: id ?? "" } }, { signal });
      // ["contacts"] prefixes every contacts query (features/contacts/api.ts contactKeys.all).
      if (run.status === "done") void queryClient.invalidateQueries({ queryKey: ["contacts"] });
      return run;
    },
    refetchInterval: (query) => (query.state.data?.status === "running" || !query.state.data ? IMPORT_POLL_MS : false),
  });
}

/** The report of refused lines as a CSV download, in the person's language. */
export async function downloadReport(run: ContactImport, filename: string): Promise<void> {
  saveBlob(await api.call(contactImportEndpoints.report, { params: { id: run.id } }), filename);
}
