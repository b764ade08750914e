import {
  createTheme,
  luminance,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineTheme,
  type MantineThemeOverride,
} from "@mantine/core";
import { keepEarlyFocus } from "../ui/keep-early-focus.ts";

/** A calm deep teal: the brand colour of Relais. */
const relais: MantineColorsTuple = [
  "#e6f7f6",
  "#cdeceb",
  "#9dd8d5",
  "#69c3bf",
  "#41b1ac",
  "#28a6a0",
  "#17a09a",
  "#028b86",
  "#007c77",
  "#006b67",
];

export const theme = createTheme({
  primaryColor: "relais",
  primaryShade: 7,
  colors: { relais },
  defaultRadius: "md",
  fontFamily: "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  headings: {
    fontFamily: "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    fontWeight: "650",
  },
  cursorType: "pointer",
  components: {
    Card: { defaultProps: { withBorder: true, radius: "md", padding: "lg" } },
    Paper: { defaultProps: { radius: "md" } },
    // keepEarlyFocus: a field focused before the dialog's focus trap moves in keeps the focus.
    Modal: {
      defaultProps: { centered: true, radius: "md", overlayProps: { backgroundOpacity: 0.45, blur: 2 }, onFocusCapture: keepEarlyFocus },
    },
    Drawer: { defaultProps: { onFocusCapture: keepEarlyFocus } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 300 } },
  },
});

/**
 * What the theme says in the interface's language (app/i18n/i18n-provider.tsx adds it): the name
 * of the close button of every dialog and drawer, which Mantine leaves unnamed (WCAG 4.1.2).
 */
export function themeInLanguage(closeLabel: string): MantineThemeOverride {
  const closeButtonProps = { "aria-label": closeLabel };
  return {
    components: {
      Modal: { defaultProps: { closeButtonProps } },
      Drawer: { defaultProps: { closeButtonProps } },
    },
  };
}

/* ---------- contrast (WCAG 2.2 AA, decision 0015) ---------- */

/** WCAG 2.2 success criterion 1.4.3: text and its background at 4.5:1 at least. */
export const MIN_CONTRAST = 4.5;

/** The page behind the cards: `--relais-color-page`, set below and used by global.css. */
export const PAGE_BACKGROUND = "#f4f6f7";

/**
 * Secondary text (`c="dimmed"`, descriptions, hours, counts) and placeholders: a grey of
 * Mantine's hue, dark enough for 4.5:1 on white, the page, the light greys and the brand's light
 * tint — where Mantine's own (gray.6, 3.3:1 on white) is not.
 */
export const DIMMED = "#5c6670";

/** The contrast ratio of two opaque colours (WCAG 2.2 relative luminance), from 1 to 21. */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

function hex(channel: number): string {
  return Math.round(Math.min(255, Math.max(0, channel)))
    .toString(16)
    .padStart(2, "0");
}

/** `color` (#rrggbb) mixed with black by `amount` (0 to 1). */
function darker(color: string, amount: number): string {
  const channels = [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16) * (1 - amount));
  return `#${channels.map(hex).join("")}`;
}

/**
 * The first shade of `shades` from index `from` that reads at MIN_CONTRAST on every one of
 * `backgrounds` — or, when even the darkest does not (Mantine's green, lime, yellow, orange, …),
 * that darkest shade darkened just enough.
 */
export function readableShade(shades: readonly string[], from: number, backgrounds: readonly string[]): string {
  const reads = (color: string) => backgrounds.every((bg) => contrast(color, bg) >= MIN_CONTRAST);
  const found = shades.slice(from).find(reads);
  if (found) {
    return found;
  }
  const darkest = shades[shades.length - 1] ?? "#000000";
  for (let amount = 0.04; amount < 1; amount += 0.04) {
    const candidate = darker(darkest, amount);
    if (reads(candidate)) {
      return candidate;
    }
  }
  return "#000000";
}

/**
 * Mantine's light-scheme colour variables, made to meet WCAG 2.2 AA for every colour of the
 * theme, so that no screen has to: white text on a filled button or badge, coloured text
 * (`c="red"`, links, outline and subtle variants) on white and on the page, the text of light
 * variants on their tint, the dimmed grey, placeholders, and the error and success colours.
 * Shades that already pass are kept; only those that do not are darkened.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t: MantineTheme) => {
  const white = t.white;
  const light: Record<string, string> = {};
  const shade = typeof t.primaryShade === "number" ? t.primaryShade : t.primaryShade.light;
  const textOf = (name: string): string => {
    const shades = t.colors[name] ?? [];
    return readableShade(shades, shade, [white, PAGE_BACKGROUND, shades[0] ?? white]);
  };
  for (const [name, shades] of Object.entries(t.colors)) {
    const filled = readableShade(shades, shade, [white]);
    const text = textOf(name);
    // The light variant's text on its tint (shade 1) and on its hover tint (shade 2, Mantine 9):
    // a light button under the pointer read at 4:1 in the brand's colour.
    const tinted = readableShade(shades, 9, [white, PAGE_BACKGROUND, shades[1] ?? white, shades[2] ?? white]);
    Object.assign(light, {
      [`--mantine-color-${name}-filled`]: filled,
      [`--mantine-color-${name}-filled-hover`]: darker(filled, 0.12),
      [`--mantine-color-${name}-text`]: text,
      [`--mantine-color-${name}-outline`]: text,
      [`--mantine-color-${name}-light-color`]: tinted,
    });
  }
  Object.assign(light, {
    "--mantine-color-dimmed": DIMMED,
    "--mantine-color-placeholder": DIMMED,
    "--mantine-color-anchor": textOf(t.primaryColor),
    "--mantine-color-error": textOf("red"),
    "--mantine-color-success": textOf("teal"),
  });
  return { variables: { "--relais-color-page": PAGE_BACKGROUND }, light, dark: {} };
};
