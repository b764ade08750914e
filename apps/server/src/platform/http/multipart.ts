import { AppError } from "../errors.ts";

/** A file part of a multipart request, as @fastify/multipart hands it over. */
type FilePart = NodeJS.ReadableStream & { truncated?: boolean };

/** Reads an uploaded file up to the multipart limit and stops there: a large upload never sits in memory. */
export function readCapped(file: FilePart): Promise<{ bytes: Buffer; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const done = (truncated: boolean) => resolve({ bytes: Buffer.concat(chunks), truncated });
    file.on("data", (chunk: Buffer) => chunks.push(chunk));
    file.once("limit", () => done(true));
    file.once("end", () => done(file.truncated === true));
    file.once("error", reject);
    file.once("close", () => reject(new AppError("error.bad-request", 400)));
  });
}

/** The multipart parser's own failures (a cut body, a broken boundary) are the client's: 400, not 500. */
export function badMultipart(err: unknown): Error {
  if (err instanceof AppError) return err;
  const status = (err as { statusCode?: unknown }).statusCode;
  return typeof status === "number" && status >= 400 && status < 500 ? (err as Error) : new AppError("error.bad-request", 400);
}
