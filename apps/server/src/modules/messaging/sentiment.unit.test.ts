import { describe, expect, it, vi } from "vitest";
import * as tinyld from "tinyld/light";
import { sentimentOf } from "@relais/shared";
import { scoreText, threadSentiment } from "./sentiment.ts";

// The real detector, watched: a text scored lately is not detected again.
vi.mock("tinyld/light", async (importOriginal) => {
  const real = await importOriginal<typeof tinyld>();
  return { ...real, detect: vi.fn(real.detect) };
});

const labelOf = (text: string) => sentimentOf(scoreText(text).score);

describe("scoreText", () => {
  it.each([
    ["Merci beaucoup, à demain!", "positive"],
    ["Parfait, c'est très apprécié!", "positive"],
    ["Je suis ravie du résultat", "positive"],
    ["C'est inacceptable, j'attends depuis une heure", "negative"],
    ["Service horrible, je vais changer de clinique", "negative"],
    ["La douleur est insupportable depuis l'extraction", "negative"],
    ["Je serai là à 14h", "neutral"],
    ["Est-ce que je peux déplacer mon rendez-vous à jeudi?", "neutral"],
    ["Pouvez-vous m'envoyer la facture par courriel?", "neutral"],
  ])("reads French: %s → %s", (text, label) => {
    expect(scoreText(text).language).toBe(label === "neutral" ? null : "fr");
    expect(labelOf(text)).toBe(label);
  });

  it.each([
    ["Thank you so much!", "positive"],
    ["Everything went really well, thank you", "positive"],
    ["This is terrible, nobody called me back", "negative"],
    ["I've been waiting for an hour, this is unacceptable", "negative"],
    ["The pain is unbearable since the extraction", "negative"],
    ["I'll be there at 2pm", "neutral"],
    ["Can you email me the invoice?", "neutral"],
  ])("reads English: %s → %s", (text, label) => {
    expect(scoreText(text).language).toBe(label === "neutral" ? null : "en");
    expect(labelOf(text)).toBe(label);
  });

  it("tells the language only of a text with a word of either list: the others score 55 in any language", () => {
    expect(scoreText("Je serai là à 14h")).toEqual({ score: 55, raw: 0, opinionated: false, language: null });
    expect(scoreText("I'll be there at 2pm")).toEqual({ score: 55, raw: 0, opinionated: false, language: null });
    // A word of one list is enough for the language to be told, and the text scored in it.
    expect(scoreText("Je serai là à 14h, merci")).toMatchObject({ opinionated: true, language: "fr" });
    expect(scoreText("I'll be there at 2pm, thanks")).toMatchObject({ opinionated: true, language: "en" });
  });

  it("scores an empty or blank text neutral, with no opinion", () => {
    for (const text of ["", "   ", "\n"]) {
      expect(scoreText(text)).toMatchObject({ opinionated: false, raw: 0 });
      expect(labelOf(text)).toBe("neutral");
    }
  });

  it("turns a word after a negator, degree words apart", () => {
    expect(labelOf("Je ne suis pas satisfait du tout")).toBe("negative");
    expect(labelOf("Je ne suis pas très contente")).toBe("negative");
    expect(labelOf("I am not happy at all")).toBe("negative");
    expect(labelOf("I'm not very happy")).toBe("negative");
  });

  it("knows the feminine and plural of French adjectives, and typographic apostrophes", () => {
    expect(labelOf("Je suis très déçue du service")).toBe("negative");
    expect(labelOf("J'ai eu une très mauvaise expérience hier")).toBe("negative");
    expect(labelOf("Je suis très contente de mon nettoyage")).toBe("positive");
    expect(labelOf("Je suis inquiète, ma gencive saigne encore")).toBe("negative");
    expect(labelOf("C’est ridicule, trois rendez-vous annulés")).toBe("negative");
  });

  it("reads emoji, also when stuck together or to a word", () => {
    expect(labelOf("👍")).toBe("positive");
    expect(labelOf("merci🙏")).toBe("positive");
    expect(labelOf("😡😡")).toBe("negative");
  });

  it("takes apologies and confirmations for no mood", () => {
    for (const text of ["Désolé, je serai en retard de 10 minutes", "Sorry, I'll be 10 minutes late", "Oui", "Yes", "Ok"]) {
      expect(scoreText(text).opinionated, text).toBe(false);
      expect(labelOf(text), text).toBe("neutral");
    }
  });

  it("stays within 0–100, even for a rant", () => {
    const rant = "horrible terrible awful disgusting worst hate angry furious ".repeat(20);
    const praise = "wonderful excellent amazing fantastic love perfect great ".repeat(20);
    expect(scoreText(rant).score).toBeGreaterThanOrEqual(0);
    expect(scoreText(rant).score).toBeLessThan(10);
    expect(scoreText(praise).score).toBeLessThanOrEqual(100);
    expect(scoreText(praise).score).toBeGreaterThan(90);
  });
});

describe("texts scored lately", () => {
  it("scores a text seen lately from memory, with the same answer, and a new one afresh", () => {
    const text = "Merci pour le rendez-vous de mardi, tout était parfait";
    vi.mocked(tinyld.detect).mockClear();
    const first = scoreText(text);
    expect(scoreText(`  ${text}\n`)).toEqual(first);
    expect(threadSentiment([text, text])).toBe(first.score);
    expect(tinyld.detect).toHaveBeenCalledTimes(1);
    expect(scoreText("Le rendez-vous de mardi était horrible").score).toBeLessThan(first.score);
    expect(tinyld.detect).toHaveBeenCalledTimes(2);
  });
});

describe("threadSentiment", () => {
  it("has no score without inbound texts", () => {
    expect(threadSentiment([])).toBeNull();
  });

  it("is neutral when no text holds an opinion", () => {
    expect(sentimentOf(threadSentiment(["Je serai là à 14h", "Mon fils viendra avec moi"]))).toBe("neutral");
  });

  it("keeps a complaint visible while the contact then only settles practical matters", () => {
    const newestFirst = ["Je serai là à 14h", "Quelle est votre adresse?", "C'est inacceptable, j'attends depuis une heure"];
    expect(sentimentOf(threadSentiment(newestFirst))).toBe("negative");
  });

  it("lets the latest mood lead: thanks after a complaint leave the negative band", () => {
    const recovered = threadSentiment(["Thank you so much, that was quick!", "This is terrible, nobody called me back"]);
    const soured = threadSentiment(["This is terrible, nobody called me back", "Thank you so much, that was quick!"]);
    expect(recovered).not.toBeNull();
    expect(soured).not.toBeNull();
    expect(recovered!).toBeGreaterThan(40);
    expect(sentimentOf(soured)).toBe("negative");
    expect(recovered!).toBeGreaterThan(soured!);
  });

  it("does not let one long rant outweigh a later thanks", () => {
    const rant = "horrible terrible awful disgusting worst ".repeat(10);
    expect(sentimentOf(threadSentiment(["Merci beaucoup!", rant]))).not.toBe("negative");
  });
});
