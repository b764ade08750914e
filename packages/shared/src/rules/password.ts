export const PASSWORD_MIN_LENGTH = 8;

/** Catalogue keys of the password rules, one per rule (spec part 1 §5). */
export type PasswordProblem =
  | "validation.password-min-length"
  | "validation.password-lowercase"
  | "validation.password-uppercase"
  | "validation.password-digit"
  | "validation.password-special";

/** Every rule the password breaks, in the order a person fixes them. Empty when it is valid. */
export function passwordProblems(password: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if ([...password].length < PASSWORD_MIN_LENGTH) problems.push("validation.password-min-length");
  if (!/\p{Ll}/u.test(password)) problems.push("validation.password-lowercase");
  if (!/\p{Lu}/u.test(password)) problems.push("validation.password-uppercase");
  if (!/\p{Nd}/u.test(password)) problems.push("validation.password-digit");
  if (!/[^\p{L}\p{Nd}\s]/u.test(password)) problems.push("validation.password-special");
  return problems;
}
