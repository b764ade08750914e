import { createTheme, type MantineColorsTuple } from "@mantine/core";

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
    Modal: { defaultProps: { centered: true, radius: "md", overlayProps: { backgroundOpacity: 0.45, blur: 2 } } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 300 } },
  },
});
