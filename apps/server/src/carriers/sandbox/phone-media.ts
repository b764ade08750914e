import { mediaFileProblem, mediaSetProblem, type SandboxMediaUpload } from "@relais/shared";
import type { InboundMedia } from "../carrier.ts";
import { badRequest } from "../../platform/errors.ts";
import { sniffContentType } from "../../platform/storage/sniff.ts";

/** Standard base64, padding optional: anything else is not a file a phone could have sent. */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The files a simulated phone attaches, decoded and checked as the staff's are (the simulator is
 * a person choosing a file): type read from the bytes (error.media-type), each within its kind's
 * limit, all of them within the limits of one message. A refused set sends nothing.
 */
export async function phoneMediaOf(uploads: readonly SandboxMediaUpload[]): Promise<InboundMedia[]> {
  const files: { filename: string; bytes: Buffer }[] = [];
  for (const upload of uploads) {
    if (!BASE64.test(upload.dataBase64)) throw badRequest("error.bad-request");
    const bytes = Buffer.from(upload.dataBase64, "base64");
    const sniffed = await sniffContentType(bytes);
    const problem = mediaFileProblem(sniffed?.contentType ?? "", bytes.length);
    if (problem) throw badRequest(problem);
    files.push({ filename: upload.filename, bytes });
  }
  const problem = mediaSetProblem(files.map((f) => f.bytes.length));
  if (problem) throw badRequest(problem);
  return files.map((f) => ({ filename: f.filename, read: async () => f.bytes }));
}
