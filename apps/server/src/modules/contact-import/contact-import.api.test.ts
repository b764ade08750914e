import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { ContactImport } from "@relais/shared";
import { apiSuite, expectError, uniquePhone } from "../../../test/helpers.ts";
import { rowsOf } from "../contacts/contacts-test-kit.ts";
import { API, csvFile, importFile, postFile, preview, waitForEnd, xlsxFile, adminOfNewOrg, HEADER_FR } from "./import-test-kit.ts";

const HEADER_EN = "First name,Last name,Phone,Email,Birth date,Address,City,Postal code,Language,Gender,Note";

const { t } = apiSuite({ tenants: 0 });

async function contactsOf(orgId: string) {
  return rowsOf(
    t,
    orgId,
    `select first_name, last_name, phone, email, birthday::text as birthday, city, language, gender, note
     from contacts where organization_id = '${orgId}' order by phone`,
  );
}

async function issuesOf(orgId: string) {
  return rowsOf(t, orgId, `select line, reasons from contact_import_issues where organization_id = '${orgId}' order by line`);
}

function reasonsByLine(run: ContactImport): Record<number, string[]> {
  return Object.fromEntries(run.issues.map((i) => [i.line, i.reasons]));
}

describe("reading files", () => {
  it("imports a ';' CSV in Windows-1252 with accents and a title line", async () => {
    const { org, token } = await adminOfNewOrg(t);
    const [p1, p2] = [uniquePhone(), uniquePhone()];
    const file = csvFile(
      [
        HEADER_FR,
        `Hélène;Bérubé;${p1};helene@exemple.ca;1980-03-14;12 rue de l'Église;Québec;G1R 2B5;Français;Femme;Préfère le matin`,
        `François;Lévesque-Côté;${p2};;;;Trois-Rivières;;en;homme;`,
      ],
      "windows-1252",
    );
    const seen = await preview(t, token, "patients.csv", file);
    expect(seen).toMatchObject({ format: "csv", encoding: "windows-1252", delimiter: ";", totalRows: 2 });
    expect(seen.header?.[2]).toBe("Téléphone");
    expect(seen.rows.map((r) => [r.line, r.cells[0], r.reasons])).toEqual([
      [2, "Hélène", []],
      [3, "François", []],
    ]);

    const run = await importFile(t, token, "patients.csv", file);
    expect(run).toMatchObject({ status: "done", totalRows: 2, processedRows: 2, imported: 2, refused: 0, errorCode: null, issues: [] });
    const rows = await contactsOf(org.orgId);
    expect(rows).toEqual(
      expect.arrayContaining([
        {
          first_name: "Hélène",
          last_name: "Bérubé",
          phone: p1,
          email: "helene@exemple.ca",
          birthday: "1980-03-14",
          city: "Québec",
          language: "fr",
          gender: "female",
          note: "Préfère le matin",
        },
        expect.objectContaining({
          first_name: "François",
          last_name: "Lévesque-Côté",
          city: "Trois-Rivières",
          language: "en",
          gender: "male",
        }),
      ]),
    );
    expect(rows).toHaveLength(2);
  });

  it("imports a ',' CSV in UTF-8 with a BOM and no title line, numbers in any formatting", async () => {
    const { org, token } = await adminOfNewOrg(t);
    const digits = uniquePhone().slice(2);
    const typed = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
    const file = csvFile([`Zoé,Ouellet,"${typed}",zoe@exemple.ca,,"5, av. des Pins",Montréal,,,,"Dit ""bonjour"""`], "utf-8-bom");
    const seen = await preview(t, token, "contacts.csv", file);
    expect(seen).toMatchObject({ encoding: "utf-8", delimiter: ",", header: null, totalRows: 1 });
    const run = await importFile(t, token, "contacts.csv", file);
    expect(run).toMatchObject({ status: "done", imported: 1, refused: 0 });
    const [row] = await contactsOf(org.orgId);
    expect(row).toMatchObject({ first_name: "Zoé", phone: `+1${digits}`, note: 'Dit "bonjour"' });
  });

  it("imports the first sheet of an Excel workbook, dates and numbers as Excel keeps them", async () => {
    const { org, token } = await adminOfNewOrg(t);
    const phone = uniquePhone();
    const file = await xlsxFile([
      HEADER_EN.split(","),
      ["Émile", "Nelligan", Number(phone.slice(2)), "emile@exemple.ca", new Date(Date.UTC(1979, 11, 24)), "", "Montréal", "", "fr"],
      ["Gabrielle", "Roy", "not a phone"],
    ]);
    const seen = await preview(t, token, "classeur.xlsx", file);
    expect(seen).toMatchObject({ format: "xlsx", encoding: null, delimiter: null, totalRows: 2 });
    expect(seen.rows[0]?.cells.slice(0, 5)).toEqual(["Émile", "Nelligan", phone.slice(2), "emile@exemple.ca", "1979-12-24"]);
    const run = await importFile(t, token, "classeur.xlsx", file);
    expect(run).toMatchObject({ status: "done", totalRows: 2, imported: 1, refused: 1 });
    expect(reasonsByLine(run)).toEqual({ 3: ["bad-phone"] });
    expect(await contactsOf(org.orgId)).toEqual([
      expect.objectContaining({ first_name: "Émile", phone, birthday: "1979-12-24", language: "fr" }),
    ]);
  });
});

describe("refused lines and the report", () => {
  it("imports the valid lines and reports each other one with its line number and reasons", async () => {
    const { org, token } = await adminOfNewOrg(t);
    const [ok, dup] = [uniquePhone(), uniquePhone()];
    const file = csvFile([
      HEADER_FR,
      `Anne;Hébert;${ok};anne@exemple.ca;;;;;;;`,
      `Paul;Mauvais;514-555;;;;;;;;`,
      `Rita;Courriel;${uniquePhone()};rita@;;;;;;;`,
      `;;${uniquePhone()};sansnom@exemple.ca;;;;;;;`,
      `Marc;Double;${dup};;;;;;;;`,
      `Marc;Double;${dup};;;;;;;;`,
      `Léa;Futur;${uniquePhone()};;2999-01-01;;;;;;`,
      `Jean;Court;${uniquePhone()};;;`,
      `Ana;Langue;${uniquePhone()};;;;;;klingon;lutin;`,
      `;;;;;;;;;;`,
    ]);
    const run = await importFile(t, token, "mixte.csv", file);
    expect(run).toMatchObject({ status: "done", totalRows: 9, processedRows: 9, imported: 2, refused: 7 });
    expect(reasonsByLine(run)).toEqual({
      3: ["bad-phone"],
      4: ["bad-email"],
      5: ["missing-name"],
      7: ["duplicate-in-file"],
      8: ["bad-birthday"],
      9: ["column-count"],
      10: ["bad-language", "bad-gender"],
    });
    expect((await contactsOf(org.orgId)).map((r) => r.phone).sort()).toEqual([ok, dup].sort());

    const fr = await t.request({ method: "GET", url: `${API}/${run.id}/report.csv`, token });
    expect(fr.statusCode, fr.body).toBe(200);
    expect(fr.headers["content-type"]).toMatch(/^text\/csv/);
    expect(fr.headers["content-disposition"]).toContain("mixte-rapport.csv");
    const lines = fr.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Ligne;Motifs;Prénom;Nom;Téléphone;Courriel;Date de naissance;Adresse;Ville;Code postal;Langue;Genre;Note");
    expect(lines).toHaveLength(8);
    expect(lines[1]).toBe("3;Numéro de téléphone invalide;Paul;Mauvais;514-555;;;;;;;;");
    expect(lines[7]).toContain("10;Langue inconnue (fr ou en) / Genre inconnu");

    // In the reader's own language.
    await sql`update users set locale = 'en-CA' where id = ${org.users.admin.id}`.execute(t.db.owner);
    const en = await t.request({ method: "GET", url: `${API}/${run.id}/report.csv`, token });
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain("Line,Reasons,First name");
    expect(en.body).toContain("3,Invalid phone number,Paul,Mauvais,514-555");
    expect(en.headers["content-disposition"]).toContain("mixte-report.csv");
  });

  it("creates no duplicate when the same file is imported twice", async () => {
    const { org, token } = await adminOfNewOrg(t);
    const file = csvFile([
      HEADER_FR,
      `Yves;Thériault;${uniquePhone()};;;;;;;;`,
      `Sans;Numéro;;sans@exemple.ca;1990-01-02;;;;;;`,
      `Gilles;Vigneault;${uniquePhone()};;;;;;;;`,
    ]);
    const first = await importFile(t, token, "deux-fois.csv", file);
    expect(first).toMatchObject({ imported: 3, refused: 0 });
    const second = await importFile(t, token, "deux-fois.csv", file);
    expect(second).toMatchObject({ status: "done", imported: 0, refused: 3 });
    expect(reasonsByLine(second)).toEqual({ 2: ["duplicate-existing"], 3: ["duplicate-existing"], 4: ["duplicate-existing"] });
    expect(await contactsOf(org.orgId)).toHaveLength(3);
  });
});

describe("files refused whole", () => {
  it("refuses an empty file and a file with only its title line", async () => {
    const { org, token } = await adminOfNewOrg(t);
    for (const [name, bytes] of [
      ["vide.csv", Buffer.alloc(0)],
      ["titres.csv", csvFile([HEADER_FR])],
      ["blanc.csv", csvFile(["", "  "])],
    ] as const) {
      expectError(await postFile(t, token, "/preview", name, bytes), 400, "error.import-empty");
      expectError(await postFile(t, token, "", name, bytes), 400, "error.import-empty");
    }
    expect(await rowsOf(t, org.orgId, `select id from contact_imports where organization_id = '${org.orgId}'`)).toEqual([]);
  });

  it("refuses a file whose first line does not have 11 columns", async () => {
    const { org, token } = await adminOfNewOrg(t);
    const file = csvFile([`Anne;Hébert;${uniquePhone()};anne@exemple.ca;1980-01-01`]);
    const res = await postFile(t, token, "", "cinq.csv", file);
    expectError(res, 400, "error.import-columns");
    expect(res.json().error.params).toEqual({ found: 5 });
    const wide = await xlsxFile([[...HEADER_EN.split(","), "Extra", "Plus"]]);
    expectError(await postFile(t, token, "/preview", "large.xlsx", wide), 400, "error.import-columns");
    expect(await contactsOf(org.orgId)).toEqual([]);
  });

  it("refuses a file that is not a spreadsheet, whatever its name", async () => {
    const { org, token } = await adminOfNewOrg(t);
    const png = Buffer.from(
      "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4f40000000049454e44ae426082",
      "hex",
    );
    expectError(await postFile(t, token, "/preview", "image.csv", png), 400, "error.import-format");
    expectError(await postFile(t, token, "", "image.csv", png), 400, "error.import-format");
    const binary = Buffer.from([0x00, 0x01, 0x02, 0x41, 0x3b, 0x42, 0x0a]);
    expectError(await postFile(t, token, "", "donnees.csv", binary), 400, "error.import-format");
    expect(await contactsOf(org.orgId)).toEqual([]);
  });

  it("leaves no contact at all when the import fails half-way", async () => {
    const { org, token } = await adminOfNewOrg(t);
    // A fault after the first batch of 1 000 contacts has been inserted in the run's transaction.
    await sql
      .raw(
        `create function test_import_fault() returns trigger language plpgsql as $$
         begin if new.last_name = 'Panne' then raise exception 'fault injected by the test'; end if; return new; end $$;
         create trigger test_import_fault before insert on contacts for each row execute function test_import_fault();`,
      )
      .execute(t.db.owner);
    try {
      const lines = [HEADER_FR];
      for (let i = 0; i < 1500; i++) lines.push(`Patient${i};${i === 1400 ? "Panne" : "Lot"};${uniquePhone()};;;;;;;;`);
      const run = await importFile(t, token, "panne.csv", csvFile(lines));
      expect(run).toMatchObject({ status: "failed", imported: 0, refused: 0, errorCode: "error.import-failed", issues: [] });
      expect(await contactsOf(org.orgId)).toEqual([]);
      expect(await issuesOf(org.orgId)).toEqual([]);
      expectError(await t.request({ method: "GET", url: `${API}/${run.id}/report.csv`, token }), 409, "error.import-failed");
    } finally {
      await sql.raw("drop trigger test_import_fault on contacts; drop function test_import_fault();").execute(t.db.owner);
    }
  });
});

describe("one run at a time", () => {
  it("refuses a second run while one is under way, and forgets a run left running by a dead process", async () => {
    const { org, token } = await adminOfNewOrg(t);
    const file = csvFile([`Anne;Hébert;${uniquePhone()};;;;;;;;`]);
    const insertRunning = (age: string) =>
      sql`insert into contact_imports (organization_id, filename, format, total_rows, created_at)
          values (${org.orgId}, 'autre.csv', 'csv', 10, now() - ${age}::interval)`.execute(t.db.owner);
    await insertRunning("5 minutes");
    expectError(await postFile(t, token, "", "a.csv", file), 409, "error.import-running");
    await sql`delete from contact_imports where organization_id = ${org.orgId}`.execute(t.db.owner);
    await insertRunning("2 hours");
    expect(await importFile(t, token, "a.csv", file)).toMatchObject({ status: "done", imported: 1 });
  });
});

describe("who may import", () => {
  it("is for administrators of the organisation only", async () => {
    const { org, token } = await adminOfNewOrg(t);
    const file = csvFile([`Anne;Hébert;${uniquePhone()};;;;;;;;`]);
    const run = await importFile(t, token, "a.csv", file);

    const userToken = await t.as(org.users.user);
    expectError(await postFile(t, userToken, "/preview", "a.csv", file), 403, "error.forbidden");
    expectError(await postFile(t, userToken, "", "a.csv", file), 403, "error.forbidden");
    expectError(await t.request({ method: "GET", url: `${API}/${run.id}`, token: userToken }), 403, "error.forbidden");
    expectError(await t.request({ method: "GET", url: `${API}/${run.id}/report.csv`, token: userToken }), 403, "error.forbidden");

    const other = await adminOfNewOrg(t);
    expectError(await t.request({ method: "GET", url: `${API}/${run.id}`, token: other.token }), 404, "error.not-found");
    expectError(await t.request({ method: "GET", url: `${API}/${run.id}/report.csv`, token: other.token }), 404, "error.not-found");
    expect(await waitForEnd(t, token, run.id)).toMatchObject({ imported: 1 });
    expect(await contactsOf(other.org.orgId)).toEqual([]);
  });
});
