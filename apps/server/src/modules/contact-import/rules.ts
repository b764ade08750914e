import {
  CONTACT_IMPORT_COLUMNS,
  createContactRequest,
  readImportDate,
  typedPhoneToE164,
  type ContactGender,
  type ContactImportReason,
  type ContactLanguage,
  type CreateContactRequest,
  type ImportDateFormat,
} from "@relais/shared";

/**
 * The rules of one line of an import file: its 11 cells read as a contact (spec part 2 §3), with
 * the contact fields' own rules (contracts/contacts.ts), or the reasons it is refused.
 */

const COLUMNS = CONTACT_IMPORT_COLUMNS.length;

/** Lower case without accents, for the words people type in the language and gender columns. */
const fold = (v: string) =>
  v
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim();

const LANGUAGES: Record<string, ContactLanguage> = {
  fr: "fr",
  fra: "fr",
  fre: "fr",
  "fr-ca": "fr",
  francais: "fr",
  french: "fr",
  en: "en",
  eng: "en",
  "en-ca": "en",
  anglais: "en",
  english: "en",
};

const GENDERS: Record<string, ContactGender> = {
  m: "male",
  h: "male",
  male: "male",
  homme: "male",
  masculin: "male",
  man: "male",
  f: "female",
  female: "female",
  femme: "female",
  feminin: "female",
  woman: "female",
  other: "other",
  autre: "other",
  x: "other",
};

/**
 * The first line names the columns rather than holding a contact: its phone cell has words and
 * no digit ("Téléphone", "Phone") and its email cell no @.
 */
export function isHeaderLine(cells: string[]): boolean {
  const phone = cells[2] ?? "";
  const email = cells[3] ?? "";
  return /\p{L}/u.test(phone) && !/\d/.test(phone) && !email.includes("@");
}

/**
 * How many columns the first line has when that is not the spec's 11, else null: a file cut
 * otherwise is refused whole (error.import-columns). Empty cells past the 11th do not count
 * (spreadsheets often export them); an Excel row ends at its last filled cell, so only a title
 * line must name all 11 there.
 */
export function firstLineColumnProblem(cells: string[], padShort: boolean): number | null {
  const used = usedLength(cells);
  if (used > COLUMNS) return used;
  if (!padShort && cells.length < COLUMNS) return cells.length;
  if (padShort && isHeaderLine(cells) && used < COLUMNS) return used;
  return null;
}

function usedLength(cells: string[]): number {
  let n = cells.length;
  while (n > 0 && cells[n - 1] === "") n--;
  return n;
}

/**
 * A line as a contact, or every reason it is refused. `key` says which contact it is when that is
 * known (its number, or its names when it is otherwise valid), so that a refused line that also
 * repeats an earlier one says both.
 */
export type CheckedLine =
  { ok: true; input: CreateContactRequest; key: string } | { ok: false; reasons: ContactImportReason[]; key?: string };

const REASON_OF_FIELD: Partial<Record<string, ContactImportReason>> = {
  email: "bad-email",
  birthday: "bad-birthday",
};

/**
 * One line as a contact, or why it is refused. `padShort`: Excel rows end at their last filled
 * cell, so a row without a note has 10 cells; a CSV line always has all its separators.
 * `dateFormat`: how the file writes its birth dates (rules/import-dates.ts).
 */
export function checkLine(cells: string[], padShort: boolean, dateFormat: ImportDateFormat = "YYYY-MM-DD"): CheckedLine {
  const used = usedLength(cells);
  if (used > COLUMNS || (!padShort && cells.length < COLUMNS)) return { ok: false, reasons: ["column-count"] };
  const cell = (i: number) => (cells[i] ?? "").trim();
  const reasons = new Set<ContactImportReason>();

  const languageText = fold(cell(8));
  const language = languageText === "" ? null : (LANGUAGES[languageText] ?? null);
  if (languageText !== "" && !language) reasons.add("bad-language");
  const genderText = fold(cell(9));
  const gender = genderText === "" ? null : (GENDERS[genderText] ?? null);
  if (genderText !== "" && !gender) reasons.add("bad-gender");
  const birthdayText = cell(4);
  const birthday = birthdayText === "" ? null : readImportDate(birthdayText, dateFormat);
  if (birthdayText !== "" && !birthday) reasons.add("bad-birthday");

  // The phone rule of contracts/contacts.ts (typedPhoneToE164, 40 characters at most), applied
  // here once: parsing a number is the costliest check of a line, and its E.164 is the key too.
  const phoneText = cell(2);
  const phone = phoneText === "" ? null : phoneText.length <= 40 ? typedPhoneToE164(phoneText) : null;
  if (phoneText !== "" && !phone) reasons.add("bad-phone");

  const parsed = createContactRequest.safeParse({
    firstname: cell(0) || null,
    lastname: cell(1) || null,
    email: cell(3) || null,
    birthday,
    address: cell(5) || null,
    city: cell(6) || null,
    postalCode: cell(7) || null,
    language,
    gender,
    note: cell(10) || null,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "");
      if (issue.message === "validation.required-contact-name") reasons.add("missing-name");
      else if (issue.message === "validation.max-length") reasons.add("too-long");
      else reasons.add(REASON_OF_FIELD[field] ?? "too-long");
    }
  }
  if (reasons.size > 0 || !parsed.success) return { ok: false, reasons: [...reasons], ...(phone ? { key: `phone:${phone}` } : {}) };
  const input = { ...parsed.data, phone };
  return { ok: true, input, key: duplicateKey(input) };
}

/**
 * What makes two lines one contact (`c.phone` is already E.164), as the database judges it (contacts repo
 * insertContactsIfNew): the number, or without one the names, email and birthday.
 */
function duplicateKey(c: CreateContactRequest): string {
  if (c.phone) return `phone:${c.phone}`;
  return `name:${JSON.stringify([c.firstname ?? "", c.lastname ?? "", c.email ?? "", c.birthday ?? ""])}`;
}
