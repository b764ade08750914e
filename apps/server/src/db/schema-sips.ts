import type { ColumnType, Generated } from "kysely";

/** Table types of migration 0026 (desk phones), beside schema.ts so that file stays one list. */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A SIP endpoint (desk phone) of an organisation, assigned to at most one person. */
export interface SipEndpointsTable {
  id: Generated<string>;
  organization_id: string;
  label: string;
  sip_username: string;
  credential_sid: string | null;
  user_id: string | null;
  assigned_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_by: string | null;
  created_at: Timestamp;
}
