import { Suspense, useEffect, useState } from "react";
import { lazyPart } from "../lazy/lazy-screen.tsx";

const loadDialogs = () => import("./shell-dialogs.ts");
const LogoutDialog = lazyPart("shell-dialogs", () => loadDialogs().then((m) => m.LogoutDialog));
const ReportProblemDialog = lazyPart("shell-dialogs", () => loadDialogs().then((m) => m.ReportProblemDialog));
const SupportChatDialog = lazyPart("shell-dialogs", () => loadDialogs().then((m) => m.SupportChatDialog));

export type DrawerDialog = "logout" | "report" | "support";

/**
 * The drawer's dialogs (logout, report a problem, support chat). Their part is fetched once the
 * browser is idle, so that logging out still works when the network drops later, and mounted
 * from the first opening on (each then closes with its transition).
 */
export function DrawerDialogs({ open, onClose }: { open: DrawerDialog | null; onClose: () => void }) {
  const [mounted, setMounted] = useState(false);
  if (open && !mounted) {
    // Adjusting state while rendering (React's pattern for state derived from a prop).
    setMounted(true);
  }
  useEffect(() => {
    const preload = () => {
      loadDialogs().catch(() => {
        // Opening a dialog loads the part again, under loadChunk's reload rule.
      });
    };
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(preload, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(preload, 500);
    return () => clearTimeout(id);
  }, []);
  if (!mounted && !open) return null;
  return (
    <Suspense fallback={null}>
      <LogoutDialog opened={open === "logout"} onClose={onClose} />
      <ReportProblemDialog opened={open === "report"} onClose={onClose} />
      <SupportChatDialog opened={open === "support"} onClose={onClose} />
    </Suspense>
  );
}
