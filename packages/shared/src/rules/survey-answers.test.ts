import { describe, expect, it } from "vitest";
import { isStopReply, readScore, readSurveyAnswer } from "./survey-answers.ts";

describe("readScore", () => {
  it.each([
    ["4", 4],
    [" 5 ", 5],
    ["4/5", 4],
    ["3 sur 5", 3],
    ["2 out of 5", 2],
    ["Je dirais 4.", 4],
    ["Quatre", 4],
    ["cinq!", 5],
    ["une", 1],
    ["⭐⭐⭐", 3],
    ["5/5 merci", 5],
  ])("reads %j as %i", (body, score) => {
    expect(readScore(body)).toBe(score);
  });

  it.each(["", "bien", "0", "6", "10", "entre 3 et 4", "3 ou quatre", "45", "5/5 et 4/5"])("asks again for %j", (body) => {
    expect(readScore(body)).toBeNull();
  });
});

describe("readSurveyAnswer", () => {
  it("records a score as its digit and a comment as typed, trimmed", () => {
    expect(readSurveyAnswer("score", "quatre")).toBe("4");
    expect(readSurveyAnswer("text", "  Très bon accueil ")).toBe("Très bon accueil");
  });

  it("asks again for an empty comment or a reply with no score", () => {
    expect(readSurveyAnswer("text", "   ")).toBeNull();
    expect(readSurveyAnswer("score", "super")).toBeNull();
  });
});

describe("isStopReply", () => {
  it.each(["STOP", "stop.", "Arrêt", "ARRETER", "Annuler"])("%j stops", (body) => {
    expect(isStopReply(body)).toBe(true);
  });
  it.each(["stop it please", "5", "Arrêtez de m'écrire svp merci beaucoup"])("%j does not", (body) => {
    expect(isStopReply(body)).toBe(false);
  });
});
