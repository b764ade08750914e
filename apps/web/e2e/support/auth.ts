import { expect, type Page } from "@playwright/test";
import { DEMO_PASSWORD } from "./accounts.ts";

type Lang = "fr" | "en";

const TEXTS = {
  fr: { email: "Courriel", password: "Mot de passe", submit: "Se connecter" },
  en: { email: "Email", password: "Password", submit: "Sign in" },
} as const;

/** The login form's fields and button, in the page's language. */
export function loginForm(page: Page, lang: Lang = "fr") {
  const t = TEXTS[lang];
  return {
    email: page.getByRole("textbox", { name: t.email, exact: true }),
    password: page.getByRole("textbox", { name: t.password, exact: true }),
    submit: page.getByRole("button", { name: t.submit, exact: true }),
  };
}

/**
 * Signs in through the login page as a person would and waits for the conversations screen.
 * Each call starts a new session: the user's older session (anywhere) ends.
 */
export async function login(page: Page, email: string, options: { password?: string; lang?: Lang } = {}): Promise<void> {
  const lang = options.lang ?? "fr";
  await page.goto(lang === "en" ? "/login?lang=en" : "/login");
  const form = loginForm(page, lang);
  await form.email.fill(email);
  await form.password.fill(options.password ?? DEMO_PASSWORD);
  await form.submit.click();
  await expect(page).toHaveURL(/\/conversations$/);
}

/** The left drawer (its label follows the interface language). */
export function navigation(page: Page, lang: Lang = "fr") {
  return page.getByRole("navigation", { name: lang === "en" ? "Main navigation" : "Navigation principale" });
}
