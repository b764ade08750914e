import { z } from "zod";

/** Every error answer: a catalogue key, its text in the caller's language and its ICU params. */
export const errorResponse = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    fields: z.array(z.object({ path: z.string(), code: z.string() })).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const uuid = z.uuid({ message: "validation.invalid" });
export const idParams = z.object({ id: uuid }).strict();

/** A required text: trimmed, not empty, not only white space (spec part 1 §5). */
export function requiredText(max = 200) {
  return z
    .string({ message: "validation.required" })
    .trim()
    .min(1, { message: "validation.required" })
    .max(max, { message: "validation.max-length" });
}

export const email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, { message: "validation.required" })
  .max(254, { message: "validation.max-length" })
  .pipe(z.email({ message: "validation.email" }));

export const okResponse = z.object({ ok: z.literal(true) });
