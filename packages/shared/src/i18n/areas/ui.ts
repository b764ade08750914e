import { defineMessages } from "../define.ts";

/** Interface texts of the shell and the platform screens. */
export const ui = defineMessages({
  "app.name": ["Relais", "Relais"],
});
