import { z } from "zod";
import * as shared from "@relais/shared";
import { listEndpoints, openApiPath, type EndpointDef } from "@relais/shared";

/** The markers around the generated table in docs/api.md; the prose around it is written by hand. */
const API_MAP_START = "<!-- endpoints: generated from packages/shared/src/endpoints by `npm run docs:api`; do not edit -->";
const API_MAP_END = "<!-- /endpoints -->";

/** The exported name of each shared schema, so the map says `createUserRequest`, not its fields. */
function schemaNames(): Map<unknown, string> {
  const names = new Map<unknown, string>();
  for (const [name, value] of Object.entries(shared)) {
    if (value instanceof z.ZodType && !names.has(value)) names.set(value, name);
  }
  return names;
}

function nameOf(schema: z.ZodType, names: Map<unknown, string>): string {
  const known = names.get(schema);
  if (known) return known;
  if (schema instanceof z.ZodArray) return `${nameOf(schema.element as z.ZodType, names)}[]`;
  if (schema instanceof z.ZodOptional) return `${nameOf(schema.unwrap() as z.ZodType, names)} (optional)`;
  return "object";
}

function whoOf(def: EndpointDef): string {
  if (def.who) return def.who;
  const access = def.access;
  if (access.public) return "public";
  const role = access.role === "admin" ? "administrator" : (access.role ?? "signed in");
  return access.tier ? `${role}, tier rule ${access.tier}` : role;
}

function bodyOf(def: EndpointDef, names: Map<unknown, string>): string {
  if (def.bodyKind === "multipart") return def.body ? `multipart ${nameOf(def.body, names)} + files` : "multipart `file`";
  if (!def.body) return "—";
  return def.bodyKind === "form" ? `form ${nameOf(def.body, names)}` : nameOf(def.body, names);
}

function answerOf(def: EndpointDef, names: Map<unknown, string>): string {
  const status = def.status && def.status !== 200 ? `${def.status} ` : "";
  switch (def.answer ?? "json") {
    case "file":
      return `${status}file (blob)`;
    case "redirect":
      return "302 redirect, or a page";
    case "xml":
      return `${status}TwiML`;
    case "websocket":
      return "WebSocket";
    case "empty":
      return `${status}empty`;
    case "json":
      return def.response ? `${status}${nameOf(def.response, names)}` : `${status}empty`;
  }
}

const cell = (text: string) => text.replaceAll("|", "\\|").replaceAll("\n", " ");

/** The API map's table: one row per registry entry, in registry order. */
export function renderApiMap(): string {
  const names = schemaNames();
  const rows = listEndpoints().map(({ name, def }) => {
    const where = def.outsideApi ? `${openApiPath(def.path)} (outside /api)` : openApiPath(def.path).slice(1);
    const only = def.availability === "dev" ? " (dev tools only)" : def.availability === "sandbox" ? " (sandbox, dev and tests)" : "";
    return `| ${def.method} ${where} | \`${name}\` | ${cell(whoOf(def) + only)} | ${bodyOf(def, names)} → ${answerOf(def, names)} | ${cell(def.summary)} |`;
  });
  return [
    API_MAP_START,
    "",
    "| method and path | registry | who | body → answer | what |",
    "| --- | --- | --- | --- | --- |",
    ...rows,
    "",
    API_MAP_END,
  ].join("\n");
}

/** docs/api.md with its generated table replaced by the registry's. */
export function withApiMap(doc: string): string {
  const start = doc.indexOf(API_MAP_START);
  const end = doc.indexOf(API_MAP_END);
  if (start < 0 || end < start) throw new Error("docs/api.md has lost its endpoint markers");
  return doc.slice(0, start) + renderApiMap() + doc.slice(end + API_MAP_END.length);
}
