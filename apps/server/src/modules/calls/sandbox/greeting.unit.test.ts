import { describe, expect, it } from "vitest";
import { sandboxGreetingPiece } from "@relais/shared";
import { greetingPieces } from "./greeting.ts";

describe("greetingPieces: what the simulator plays for a period's greeting (issue 13 §3)", () => {
  it("plays a recorded or uploaded greeting from this server, by path with its signature", () => {
    const url = "https://relais.example.ca/api/voice/v1/recordings/signed/4f1c?exp=1700000000&sig=abc_123";
    const pieces = greetingPieces({ kind: "audio", url }, "BREAK");
    expect(pieces).toEqual([{ kind: "audio", url: "/api/voice/v1/recordings/signed/4f1c?exp=1700000000&sig=abc_123" }]);
    for (const piece of pieces) expect(sandboxGreetingPiece.parse(piece)).toEqual(piece);
  });

  it("speaks a TTS greeting in its own language only", () => {
    expect(greetingPieces({ kind: "speech", text: "Hello, we are closed.", locale: "en-CA" }, "CLOSE")).toEqual([
      { kind: "speech", text: "Hello, we are closed.", locale: "en-CA" },
    ]);
  });

  it("says the catalogue's default of the period in French, then English, when there is no greeting", () => {
    expect(greetingPieces(null, "BREAK")).toEqual([
      { kind: "speech", text: "Bonjour, notre équipe est présentement en pause.", locale: "fr-CA" },
      { kind: "speech", text: "Hello, our team is on a break right now.", locale: "en-CA" },
    ]);
    expect(greetingPieces(null, "CLOSE").map((p) => p.kind === "speech" && p.text)).toEqual([
      "Bonjour, nos bureaux sont présentement fermés.",
      "Hello, our office is currently closed.",
    ]);
  });
});
