import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { Message, TextBlock, TextBlockList } from "@relais/shared";
import { createTestApp, expectError, uniquePhone, type Tenant, type TestApp, type TestUser } from "../../../test/helpers.ts";
import { png, pdf, uploadMedia } from "../messaging/media-test-kit.ts";
import { API, createThread, givePhones, until } from "../messaging/messaging-test-kit.ts";
import { request as scheduledRequest, URL as SCHEDULED } from "../scheduled-messages/scheduled-test-kit.ts";

/**
 * A quick message's file (spec part 2 §3) and the two rules of part 2 §5 (docs/decisions/0011):
 * kept in media_files, shown in the list, never swept nor left behind, copied for the message
 * that sends it; a document never goes with attachments, nor where only text is sent.
 */

let t: TestApp;
let org: Tenant;
let other: Tenant;

beforeAll(async () => {
  t = await createTestApp();
  org = await t.tenant({ timezone: "America/Toronto" });
  other = await t.tenant();
  await givePhones(t, org);
  await givePhones(t, other);
});
afterAll(() => t.close());

const blocksUrl = (orgId: string) => `/api/organizations/${orgId}/text-blocks`;

async function call(who: TestUser, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) {
  return t.request({ method, url, token: await t.as(who), ...(payload ? { payload } : {}) });
}

async function upload(who: TestUser, name = "plan.png", bytes = png()) {
  return uploadMedia(t, await t.as(who), name, bytes);
}

async function blockWithFile(who: TestUser = org.users.admin, title = "Plan d'accès"): Promise<TextBlock> {
  const file = await upload(who);
  const res = await call(who, "POST", blocksUrl(org.orgId), { locale: "fr-CA", title, body: "Voici le plan.", attachmentId: file.id });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function storedFiles(orgId: string): Promise<string[]> {
  try {
    return (await readdir(path.join(t.filesDir, orgId))).filter((f) => !f.endsWith(".tmp"));
  } catch {
    return [];
  }
}

const mediaRow = (id: string) => t.db.owner.selectFrom("media_files").selectAll().where("id", "=", id).executeTakeFirst();

describe("a quick message's file", () => {
  it("is kept with the block, listed with it, and readable by every staff member of the organisation only", async () => {
    const block = await blockWithFile();
    expect(block.attachment).toMatchObject({ contentType: "image/png", filename: "plan.png", url: `${API}/media/${block.attachment?.id}` });
    const list: TextBlockList = (await call(org.users.user, "GET", blocksUrl(org.orgId))).json();
    expect(list.items.find((b) => b.id === block.id)?.attachment?.id).toBe(block.attachment?.id);
    const id = block.attachment?.id ?? "";
    const read = await call(org.users.user, "GET", `${API}/media/${id}`);
    expect(read.statusCode).toBe(200);
    expect(read.headers["content-type"]).toBe("image/png");
    expectError(await call(other.users.admin, "GET", `${API}/media/${id}`), 404, "error.not-found");
  });

  it("takes only the editor's own unsent upload: a colleague's or another organisation's is not found, a sent one is refused", async () => {
    const colleagues = await upload(org.users.marketing);
    const theirs = await upload(other.users.admin);
    for (const attachmentId of [colleagues.id, theirs.id]) {
      const res = await call(org.users.admin, "POST", blocksUrl(org.orgId), { locale: "fr-CA", title: "X", body: "Y", attachmentId });
      expectError(res, 404, "error.not-found");
    }
    const used = await blockWithFile();
    const again = await call(org.users.admin, "POST", blocksUrl(org.orgId), {
      locale: "fr-CA",
      title: "Doublon",
      body: "Y",
      attachmentId: used.attachment?.id,
    });
    expectError(again, 409, "error.media-already-sent");
    // A user may not write quick messages, file or not.
    const mine = await upload(org.users.user);
    const refused = await call(org.users.user, "POST", blocksUrl(org.orgId), {
      locale: "fr-CA",
      title: "X",
      body: "Y",
      attachmentId: mine.id,
    });
    expectError(refused, 403, "error.forbidden");
    // Nor reach another organisation's blocks.
    expectError(
      await call(org.users.admin, "PUT", `${blocksUrl(other.orgId)}/${used.id}`, { title: "X", body: "Y", attachmentId: null }),
      404,
      "error.not-found",
    );
  });

  it("leaves no bytes behind when the file is replaced, removed, or the block deleted", async () => {
    const block = await blockWithFile();
    const first = block.attachment?.id ?? "";
    const url = `${blocksUrl(org.orgId)}/${block.id}`;
    // An edit that does not name the file keeps it.
    const kept = await call(org.users.admin, "PUT", url, { title: "Plan", body: "Voici le plan." });
    expect(kept.json<TextBlock>().attachment?.id).toBe(first);
    const second = await upload(org.users.admin, "ordonnance.pdf", pdf(2000));
    const replaced = await call(org.users.admin, "PUT", url, { title: "Plan", body: "Voici le plan.", attachmentId: second.id });
    expect(replaced.json<TextBlock>().attachment).toMatchObject({ id: second.id, contentType: "application/pdf" });
    expect(await mediaRow(first)).toBeUndefined();
    await until(async () => !(await storedFiles(org.orgId)).includes(first), "the replaced file's removal");
    const removed = await call(org.users.admin, "PUT", url, { title: "Plan", body: "Voici le plan.", attachmentId: null });
    expect(removed.json<TextBlock>().attachment).toBeNull();
    await until(async () => !(await storedFiles(org.orgId)).includes(second.id), "the removed file's removal");

    const doomed = await blockWithFile();
    const file = doomed.attachment?.id ?? "";
    expect(await storedFiles(org.orgId)).toContain(file);
    expect((await call(org.users.admin, "DELETE", `${blocksUrl(org.orgId)}/${doomed.id}`)).statusCode).toBe(200);
    expect(await mediaRow(file)).toBeUndefined();
    await until(async () => !(await storedFiles(org.orgId)).includes(file), "the deleted block's file removal");
  });

  it("is not swept with the uploads never sent", async () => {
    const block = await blockWithFile();
    const id = block.attachment?.id ?? "";
    await sql`update media_files set created_at = now() - interval '25 hours' where id = ${id}`.execute(t.db.owner);
    const stale = await upload(org.users.admin, "oubli.png");
    await sql`update media_files set created_at = now() - interval '25 hours' where id = ${stale.id}`.execute(t.db.owner);
    // The sweep runs on the uploads that follow.
    await upload(org.users.admin, "suivant.png");
    await until(async () => (await mediaRow(stale.id)) === undefined, "the stale upload swept");
    expect(await mediaRow(id)).toMatchObject({ text_block_id: block.id });
    expect(await storedFiles(org.orgId)).toContain(id);
  });
});

describe("sending a quick message's document", () => {
  it("goes as an MMS with a copy of the file, which outlives the quick message", async () => {
    const block = await blockWithFile();
    const to = uniquePhone();
    const { thread } = await createThread(t, await t.as(org.users.user), to);
    const res = await call(org.users.user, "POST", `${API}/threads/${thread.id}/messages`, {
      body: "Voici le plan.",
      textBlockId: block.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const message = res.json<Message>();
    expect(message.type).toBe("media");
    expect(message.media).toHaveLength(1);
    const sent = message.media[0];
    expect(sent?.id).not.toBe(block.attachment?.id);
    expect(sent).toMatchObject({ contentType: "image/png", filename: "plan.png", size: block.attachment?.size });
    const carried = await until(async () => t.carrier.outboxFor(to).find((e) => e.media.length === 1), "the MMS at the carrier");
    expect(carried.media[0]?.contentType).toBe("image/png");
    // The block goes; the message keeps its own copy.
    expect((await call(org.users.admin, "DELETE", `${blocksUrl(org.orgId)}/${block.id}`)).statusCode).toBe(200);
    const read = await call(org.users.user, "GET", `${API}/media/${sent?.id ?? ""}`);
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(png())).toBe(true);
  });

  it("starts a new conversation with the document too", async () => {
    const block = await blockWithFile();
    const res = await call(org.users.user, "POST", `${API}/threads`, { to: uniquePhone(), body: "Voici le plan.", textBlockId: block.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ message: Message }>().message.media.map((m) => m.filename)).toEqual(["plan.png"]);
  });

  it("refuses a document together with attachments (error.document-and-attachment), in a reply or a new conversation", async () => {
    const block = await blockWithFile();
    const picked = await upload(org.users.user, "photo.png");
    const { thread } = await createThread(t, await t.as(org.users.user));
    const reply = await call(org.users.user, "POST", `${API}/threads/${thread.id}/messages`, {
      body: "Voici le plan.",
      textBlockId: block.id,
      mediaIds: [picked.id],
    });
    expectError(reply, 400, "error.document-and-attachment");
    const first = await call(org.users.user, "POST", `${API}/threads`, {
      to: uniquePhone(),
      body: "Voici le plan.",
      textBlockId: block.id,
      mediaIds: [picked.id],
    });
    expectError(first, 400, "error.document-and-attachment");
    // The attachment alone still goes: nothing was taken.
    const alone = await call(org.users.user, "POST", `${API}/threads/${thread.id}/messages`, { body: "Photo", mediaIds: [picked.id] });
    expect(alone.statusCode, alone.body).toBe(201);
  });

  it("sends text only for a quick message without a file, and answers 404 for another organisation's", async () => {
    const plain = await call(org.users.admin, "POST", blocksUrl(org.orgId), { locale: "fr-CA", title: "Merci", body: "Merci!" });
    const { thread } = await createThread(t, await t.as(org.users.user));
    const res = await call(org.users.user, "POST", `${API}/threads/${thread.id}/messages`, {
      body: "Merci!",
      textBlockId: plain.json<TextBlock>().id,
    });
    expect(res.json<Message>()).toMatchObject({ type: "text", media: [] });
    const theirs = await call(other.users.admin, "POST", blocksUrl(other.orgId), { locale: "fr-CA", title: "Eux", body: "Eux" });
    const cross = await call(org.users.user, "POST", `${API}/threads/${thread.id}/messages`, {
      body: "Eux",
      textBlockId: theirs.json<TextBlock>().id,
    });
    expectError(cross, 404, "error.not-found");
  });
});

describe("where only text is sent (error.quick-message-with-attachment)", () => {
  it("refuses a scheduled message made from a quick message with a file, created or edited; one without a file is fine", async () => {
    const block = await blockWithFile();
    const to = uniquePhone();
    const refused = await call(org.users.user, "POST", SCHEDULED, scheduledRequest(to, 30, "America/Toronto", { textBlockId: block.id }));
    expectError(refused, 400, "error.quick-message-with-attachment");
    const plain = (
      await call(org.users.admin, "POST", blocksUrl(org.orgId), { locale: "fr-CA", title: "Texte", body: "Texte" })
    ).json<TextBlock>();
    const ok = await call(org.users.user, "POST", SCHEDULED, scheduledRequest(to, 30, "America/Toronto", { textBlockId: plain.id }));
    expect(ok.statusCode, ok.body).toBe(201);
    const edit = await call(
      org.users.user,
      "PUT",
      `${SCHEDULED}/${ok.json<{ id: string }>().id}`,
      scheduledRequest(to, 30, "America/Toronto", { textBlockId: block.id }),
    );
    expectError(edit, 400, "error.quick-message-with-attachment");
    const theirs = (
      await call(other.users.admin, "POST", blocksUrl(other.orgId), { locale: "fr-CA", title: "Eux", body: "Eux" })
    ).json<TextBlock>();
    const cross = await call(org.users.user, "POST", SCHEDULED, scheduledRequest(to, 30, "America/Toronto", { textBlockId: theirs.id }));
    expectError(cross, 404, "error.not-found");
  });

  it("refuses automatic texts made from a quick message with a file; a user may not save them at all", async () => {
    const block = await blockWithFile();
    const payload = {
      outsideHours: { enabled: true, text: "Nous sommes fermés.", textBlockId: block.id },
      missedCall: { enabled: false, text: "" },
      periodHours: 24,
    };
    const url = `/api/teams/${org.teams.main}/automatic-texts`;
    expectError(await call(org.users.admin, "PUT", url, payload), 400, "error.quick-message-with-attachment");
    expectError(await call(org.users.user, "PUT", url, payload), 403, "error.forbidden");
    const ok = await call(org.users.admin, "PUT", url, { ...payload, outsideHours: { enabled: true, text: "Nous sommes fermés." } });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
