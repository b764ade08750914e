import { describe, expect, it } from "vitest";
import {
  clampPosition,
  DOCK_BOTTOM,
  DOCK_RIGHT,
  dockedPosition,
  dragPosition,
  KEY_STEP,
  KEY_STEP_LARGE,
  keyboardMove,
  parseCallWindow,
  WINDOW_MARGIN,
} from "./call-window.ts";

const VIEWPORT = { width: 1280, height: 800 };
const WINDOW = { width: 368, height: 240 };
/** The farthest the window's corner may go right and down in VIEWPORT. */
const MAX_X = 1280 - 368 - WINDOW_MARGIN;
const MAX_Y = 800 - 240 - WINDOW_MARGIN;

describe("clampPosition", () => {
  it("leaves a window that fits where it is", () => {
    expect(clampPosition({ x: 300, y: 200 }, WINDOW, VIEWPORT)).toEqual({ x: 300, y: 200 });
  });

  it.each([
    ["past the left edge", { x: -50, y: 200 }, { x: WINDOW_MARGIN, y: 200 }],
    ["past the top edge", { x: 300, y: -400 }, { x: 300, y: WINDOW_MARGIN }],
    ["past the right edge", { x: 2000, y: 200 }, { x: MAX_X, y: 200 }],
    ["past the bottom edge", { x: 300, y: 790 }, { x: 300, y: MAX_Y }],
    ["past a corner", { x: 5000, y: 5000 }, { x: MAX_X, y: MAX_Y }],
    ["against the margin exactly", { x: WINDOW_MARGIN, y: MAX_Y }, { x: WINDOW_MARGIN, y: MAX_Y }],
  ])("brings a window %s back inside, with its margin", (_, position, expected) => {
    expect(clampPosition(position, WINDOW, VIEWPORT)).toEqual(expected);
  });

  it("keeps a remembered position inside a viewport that shrank", () => {
    const remembered = { x: 1500, y: 900 };
    const small = { width: 1024, height: 600 };
    expect(clampPosition(remembered, WINDOW, small)).toEqual({ x: 1024 - 368 - WINDOW_MARGIN, y: 600 - 240 - WINDOW_MARGIN });
  });

  it("keeps the handle (top-left) in view when the window is larger than the viewport", () => {
    const tall = { width: 368, height: 900 };
    expect(clampPosition({ x: 300, y: 100 }, tall, VIEWPORT)).toEqual({ x: 300, y: WINDOW_MARGIN });
    const wide = { width: 1400, height: 240 };
    expect(clampPosition({ x: 100, y: 300 }, wide, VIEWPORT)).toEqual({ x: WINDOW_MARGIN, y: 300 });
  });

  it("rounds to whole pixels", () => {
    expect(clampPosition({ x: 100.6, y: 200.4 }, WINDOW, VIEWPORT)).toEqual({ x: 101, y: 200 });
  });
});

describe("dockedPosition", () => {
  it("is where the docked panel sits, so the window detaches in place", () => {
    expect(dockedPosition(WINDOW, VIEWPORT)).toEqual({ x: 1280 - DOCK_RIGHT - 368, y: 800 - DOCK_BOTTOM - 240 });
  });

  it("stays in view when the panel is taller than the room above its dock", () => {
    expect(dockedPosition({ width: 368, height: 760 }, VIEWPORT)).toEqual({ x: 1280 - DOCK_RIGHT - 368, y: WINDOW_MARGIN });
  });
});

describe("keyboardMove", () => {
  const at = { x: 400, y: 300 };

  it.each([
    ["ArrowLeft", false, { x: 400 - KEY_STEP, y: 300 }],
    ["ArrowRight", false, { x: 400 + KEY_STEP, y: 300 }],
    ["ArrowUp", false, { x: 400, y: 300 - KEY_STEP }],
    ["ArrowDown", false, { x: 400, y: 300 + KEY_STEP }],
    ["ArrowLeft", true, { x: 400 - KEY_STEP_LARGE, y: 300 }],
    ["ArrowRight", true, { x: 400 + KEY_STEP_LARGE, y: 300 }],
    ["ArrowUp", true, { x: 400, y: 300 - KEY_STEP_LARGE }],
    ["ArrowDown", true, { x: 400, y: 300 + KEY_STEP_LARGE }],
  ])("%s (Shift: %s) moves the window one step", (key, shift, expected) => {
    expect(keyboardMove(at, key, shift, WINDOW, VIEWPORT)).toEqual(expected);
  });

  it("stops at the viewport's edge instead of pushing the window out", () => {
    expect(keyboardMove({ x: WINDOW_MARGIN + 3, y: 300 }, "ArrowLeft", false, WINDOW, VIEWPORT)).toEqual({ x: WINDOW_MARGIN, y: 300 });
    expect(keyboardMove({ x: WINDOW_MARGIN, y: 300 }, "ArrowLeft", true, WINDOW, VIEWPORT)).toEqual({ x: WINDOW_MARGIN, y: 300 });
    expect(keyboardMove({ x: 400, y: MAX_Y - 10 }, "ArrowDown", true, WINDOW, VIEWPORT)).toEqual({ x: 400, y: MAX_Y });
  });

  it.each(["Enter", " ", "Tab", "Escape", "a", "Home"])("leaves the key %j to the handle's ordinary behaviour", (key) => {
    expect(keyboardMove(at, key, false, WINDOW, VIEWPORT)).toBeNull();
  });
});

describe("dragPosition", () => {
  it("keeps the pointer on the spot of the bar it grabbed", () => {
    expect(dragPosition({ x: 700, y: 420 }, { x: 40, y: 12 }, WINDOW, VIEWPORT)).toEqual({ x: 660, y: 408 });
  });

  it("never drags the window out of the viewport", () => {
    expect(dragPosition({ x: -200, y: -200 }, { x: 40, y: 12 }, WINDOW, VIEWPORT)).toEqual({ x: WINDOW_MARGIN, y: WINDOW_MARGIN });
    expect(dragPosition({ x: 3000, y: 3000 }, { x: 40, y: 12 }, WINDOW, VIEWPORT)).toEqual({ x: MAX_X, y: MAX_Y });
  });
});

describe("parseCallWindow", () => {
  it("reads what the tab remembered", () => {
    expect(parseCallWindow(JSON.stringify({ detached: true, position: { x: 120, y: 80 } }))).toEqual({
      detached: true,
      position: { x: 120, y: 80 },
    });
    expect(parseCallWindow(JSON.stringify({ detached: false, position: null }))).toEqual({ detached: false, position: null });
  });

  it.each([
    ["nothing", null],
    ["broken JSON", "{detached"],
    ["another shape", JSON.stringify(["detached"])],
    ["a detached flag that is not a boolean", JSON.stringify({ detached: "yes" })],
  ])("is the docked panel for %s", (_, raw) => {
    expect(parseCallWindow(raw)).toEqual({ detached: false, position: null });
  });

  it("forgets a position that is not two finite numbers", () => {
    expect(parseCallWindow(JSON.stringify({ detached: true, position: { x: "1", y: 2 } }))).toEqual({ detached: true, position: null });
    expect(parseCallWindow('{"detached":true,"position":{"x":1e999,"y":2}}')).toEqual({ detached: true, position: null });
  });
});
