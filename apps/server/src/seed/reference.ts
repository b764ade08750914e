import type { Db } from "../db/database.ts";

/** Plans (spec part 1 §3): permission 1 outgoing calls, 2 transfer to extensions, 3 single team only. */
const TIERS = [
  { id: 1, name: "Essentiel", permissions: [3] },
  { id: 2, name: "Professionnel", permissions: [1] },
  { id: 3, name: "Entreprise", permissions: [1, 2] },
];

/** Services by sector, offered when booking (spec part 2 §3). */
const SERVICES = [
  { id: "dental-exam", sector: "dental", label_fr: "Examen", label_en: "Examination" },
  { id: "dental-cleaning", sector: "dental", label_fr: "Nettoyage", label_en: "Cleaning" },
  { id: "dental-filling", sector: "dental", label_fr: "Obturation", label_en: "Filling" },
  { id: "dental-whitening", sector: "dental", label_fr: "Blanchiment", label_en: "Whitening" },
  { id: "dental-orthodontics", sector: "dental", label_fr: "Orthodontie", label_en: "Orthodontics" },
  { id: "dental-emergency", sector: "dental", label_fr: "Urgence", label_en: "Emergency" },
  { id: "notary-real-estate", sector: "notary", label_fr: "Immobilier", label_en: "Real estate" },
  { id: "notary-will", sector: "notary", label_fr: "Testament", label_en: "Will" },
  { id: "notary-mandate", sector: "notary", label_fr: "Mandat de protection", label_en: "Protection mandate" },
  { id: "notary-business", sector: "notary", label_fr: "Droit des affaires", label_en: "Business law" },
  { id: "notary-family", sector: "notary", label_fr: "Droit de la famille", label_en: "Family law" },
];

/** Reference data, not tenant data: written (or refreshed) at every start. */
export async function seedReference(owner: Db): Promise<void> {
  for (const t of TIERS) {
    await owner
      .insertInto("tiers")
      .values(t)
      .onConflict((oc) => oc.column("id").doUpdateSet({ name: t.name, permissions: t.permissions }))
      .execute();
  }
  for (const s of SERVICES) {
    await owner
      .insertInto("services")
      .values(s)
      .onConflict((oc) => oc.column("id").doUpdateSet({ sector: s.sector, label_fr: s.label_fr, label_en: s.label_en }))
      .execute();
  }
}
