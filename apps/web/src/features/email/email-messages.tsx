import type { ReactNode } from "react";
import { CataloguePart } from "../../app/i18n/catalogue-part.tsx";

/** The email screens' texts (`email.*`), a deferred part of the catalogue fetched with those screens. */
export function EmailMessages({ children }: { children: ReactNode }) {
  return <CataloguePart part="email">{children}</CataloguePart>;
}
