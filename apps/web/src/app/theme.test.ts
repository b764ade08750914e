import { describe, expect, it } from "vitest";
import { DEFAULT_THEME, mergeMantineTheme } from "@mantine/core";
import { contrast, cssVariablesResolver, DIMMED, MIN_CONTRAST, PAGE_BACKGROUND, readableShade, theme } from "./theme.ts";

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const light: Record<string, string | undefined> = cssVariablesResolver(merged).light;
const relais = merged.colors["relais"] ?? [];
const WHITE = merged.white;

function variable(name: string): string {
  const value = light[name];
  if (value === undefined) {
    throw new Error(`${name} is not set by the theme`);
  }
  return value;
}

describe("the theme's colours meet WCAG 2.2 AA (4.5:1) without any screen's help", () => {
  const colours = Object.entries(merged.colors);

  it("covers every colour of the theme, the brand's included", () => {
    expect(colours.map(([name]) => name)).toEqual(expect.arrayContaining(["relais", "gray", "red", "green", "yellow", "teal", "blue"]));
  });

  it.each(colours)(
    "%s: white on filled, coloured text on white and the page, light-variant text on its tint and its hover tint",
    (name, shades) => {
      const filled = variable(`--mantine-color-${name}-filled`);
      expect(contrast(WHITE, filled)).toBeGreaterThanOrEqual(MIN_CONTRAST);
      expect(contrast(WHITE, variable(`--mantine-color-${name}-filled-hover`))).toBeGreaterThanOrEqual(MIN_CONTRAST);
      for (const text of [variable(`--mantine-color-${name}-text`), variable(`--mantine-color-${name}-outline`)]) {
        for (const background of [WHITE, PAGE_BACKGROUND, shades[0]]) {
          expect(contrast(text, background ?? WHITE)).toBeGreaterThanOrEqual(MIN_CONTRAST);
        }
      }
      for (const background of [shades[1], shades[2], WHITE, PAGE_BACKGROUND]) {
        expect(contrast(variable(`--mantine-color-${name}-light-color`), background ?? WHITE)).toBeGreaterThanOrEqual(MIN_CONTRAST);
      }
    },
  );

  it("dimmed text and placeholders read on white, the page, the light greys and the brand's tints", () => {
    expect(variable("--mantine-color-dimmed")).toBe(DIMMED);
    expect(variable("--mantine-color-placeholder")).toBe(DIMMED);
    const gray = merged.colors.gray;
    for (const background of [WHITE, PAGE_BACKGROUND, gray[0], gray[1], gray[2], relais[0], relais[1]]) {
      expect(contrast(DIMMED, background ?? "")).toBeGreaterThanOrEqual(MIN_CONTRAST);
    }
  });

  it("links, errors and successes read on white and the page", () => {
    for (const name of ["--mantine-color-anchor", "--mantine-color-error", "--mantine-color-success"]) {
      for (const background of [WHITE, PAGE_BACKGROUND]) {
        expect(contrast(variable(name), background)).toBeGreaterThanOrEqual(MIN_CONTRAST);
      }
    }
  });

  it("keeps a shade that already passes and darkens only one that does not", () => {
    const gray = merged.colors.gray;
    expect(readableShade(gray, 7, [WHITE])).toBe(gray[7]);
    expect(readableShade(relais, 7, [WHITE])).toBe(relais[8]);
    const green = readableShade(merged.colors.green, 7, [WHITE]);
    expect(merged.colors.green).not.toContain(green);
    expect(contrast(WHITE, green)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(contrast(WHITE, green)).toBeLessThan(MIN_CONTRAST + 0.5);
  });

  it("measures contrast as WCAG does", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#868e96", "#ffffff")).toBeCloseTo(3.32, 2);
    expect(contrast("#ffffff", "#ffffff")).toBe(1);
  });
});
