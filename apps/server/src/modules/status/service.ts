import { maintenanceStatus, OPERATIONAL_STATUS, type MaintenanceStatus } from "@relais/shared";
import type { Db } from "../../db/database.ts";
import * as repo from "./repo.ts";

/** GET status: public, polled every 120 s by every browser, so it is a single-row read. */
export async function getStatus(db: Db): Promise<MaintenanceStatus> {
  const row = await repo.findStatus(db);
  const parsed = maintenanceStatus.safeParse(row?.value);
  return parsed.success ? parsed.data : OPERATIONAL_STATUS;
}

/** PUT status: devops only (the route says so). */
export async function setStatus(db: Db, value: MaintenanceStatus): Promise<MaintenanceStatus> {
  await repo.saveStatus(db, JSON.stringify(value));
  return value;
}
