import type { FocusEvent } from "react";

/**
 * Given to every dialog and drawer (app/theme.ts, `onFocusCapture`): the field a person focused
 * before the dialog's focus trap moved in keeps the focus.
 *
 * Mantine's trap focuses the dialog's `[data-autofocus]` element, else its first tabbable one (the
 * close button), on a zero-delay timer after the dialog mounts. Chromium runs queued input before
 * timers, so a click or a tap on a field that comes first — a quick hand, a slow machine — was
 * undone: the trap's focus blurred the field, closed the list it had opened, and sent what the
 * person typed next to another field (CI caught it in the agenda journey, commit 7ec8aa7, mended
 * then for that dialog alone). Here the element that takes focus inside the dialog becomes its
 * only `[data-autofocus]`, so the trap focuses what already has the focus, which changes nothing.
 * Once the trap has moved in, the attribute is no longer read.
 */
export function keepEarlyFocus(event: FocusEvent<HTMLElement>): void {
  const focused = event.target;
  if (!(focused instanceof HTMLElement) || focused.hasAttribute("data-autofocus")) return;
  const dialog = focused.closest<HTMLElement>("[role='dialog']") ?? event.currentTarget;
  for (const marked of dialog.querySelectorAll("[data-autofocus]")) marked.removeAttribute("data-autofocus");
  focused.setAttribute("data-autofocus", "");
}
