import { randomBytes, randomUUID } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { MediaRef, Message, SandboxOutboxEntry, Thread } from "@relais/shared";
import { createTestApp, expectError, uniquePhone, type Tenant, type TestApp } from "../../../test/helpers.ts";
import { API, eventsSeenBy, givePhones, messagesOf, until } from "./messaging-test-kit.ts";
import { jpeg, mp4, pdf, png, postMedia, uploadMedia } from "./media-test-kit.ts";

/**
 * Media (MMS) of the text inbox end to end: upload checked by content and by the limits of each
 * kind, attach on send, read back by the right people only, signed public links for the network,
 * the sandbox's outbox and inbound files, and the stored bytes following their rows.
 */

let t: TestApp;
let org: Tenant;
let other: Tenant;
let phones: { main: string; second: string };
let user: string;
let colleague: string;
let otherTeam: string;
let admin: string;
let stranger: string;

beforeAll(async () => {
  t = await createTestApp();
  org = await t.tenant();
  other = await t.tenant();
  phones = await givePhones(t, org);
  await givePhones(t, other);
  const mate = await t.addUser(org.orgId, "user", [{ id: org.teams.main, teamRole: "user" }]);
  [user, colleague, otherTeam, admin, stranger] = await Promise.all([
    t.as(org.users.user),
    t.as(mate),
    t.as(org.users.other),
    t.as(org.users.admin),
    t.as(other.users.user),
  ]);
});
afterAll(() => t?.close());

async function newThread(token: string, body: string, mediaIds: string[] = [], to = uniquePhone()) {
  const res = await t.request({ method: "POST", url: `${API}/threads`, token, payload: { to, body, mediaIds } });
  return { res, to };
}

function send(token: string, threadId: string, mediaIds: string[], body = "") {
  return t.request({ method: "POST", url: `${API}/threads/${threadId}/messages`, token, payload: { body, mediaIds } });
}

/** A person of the main team of their own: uploads are rate limited per person. */
async function freshUser(): Promise<string> {
  return t.as(await t.addUser(org.orgId, "user", [{ id: org.teams.main, teamRole: "user" }]));
}

function getMedia(token: string | undefined, id: string) {
  return t.request({ method: "GET", url: `${API}/media/${id}`, ...(token ? { token } : {}) });
}

/** Files under the organisation's folder of the app's store (temporary files aside). */
async function storedFiles(orgId: string): Promise<string[]> {
  try {
    return (await readdir(path.join(t.filesDir, orgId))).filter((f) => !f.endsWith(".tmp"));
  } catch {
    return [];
  }
}

async function mediaRowCount(where: { messageId?: string; id?: string }): Promise<number> {
  let q = t.db.owner.selectFrom("media_files").select((eb) => eb.fn.countAll<number>().as("n"));
  if (where.messageId) q = q.where("message_id", "=", where.messageId);
  if (where.id) q = q.where("id", "=", where.id);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** Waits for the sandbox to have texted `to`; answers what it sent. */
function outboxOf(to: string): Promise<SandboxOutboxEntry[]> {
  return until(async () => {
    const res = await t.request({ method: "GET", url: `/api/sandbox/outbox?to=${encodeURIComponent(to)}` });
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json<SandboxOutboxEntry[]>();
    return entries.length ? entries : null;
  }, `the sandbox's text to ${to}`);
}

describe("uploading: the type read from the content, each kind within its limit", () => {
  const cases: [string, string, (size: number) => Buffer, number, number, string][] = [
    ["a PNG", "photo.png", (size) => png({ size }), 200_000, 200_001, "error.image-size"],
    ["a JPEG", "photo.jpeg", jpeg, 200_000, 200_001, "error.image-size"],
    ["a PDF", "ordonnance.pdf", pdf, 599_999, 600_000, "error.pdf-size"],
    ["an MP4 video", "clip.mp4", mp4, 2_000_000, 2_000_001, "error.media-size"],
  ];
  for (const [what, name, make, fits, tooBig, code] of cases) {
    it(`${what} of ${fits} bytes is accepted, of ${tooBig} refused with ${code}`, async () => {
      const ok = await uploadMedia(t, user, name, make(fits));
      expect(ok).toMatchObject({ size: fits, filename: name, url: `${API}/media/${ok.id}` });
      const refused = await postMedia(t, user, name, make(tooBig));
      expectError(refused, 400, code);
    });
  }

  it("reads the types from the bytes: PNG, JPEG, PDF, MP4", async () => {
    const types = await Promise.all([
      uploadMedia(t, user, "a.png", png()),
      uploadMedia(t, user, "b.jpg", jpeg(1000)),
      uploadMedia(t, user, "c.pdf", pdf(1000)),
      uploadMedia(t, user, "d.mp4", mp4(1000)),
    ]);
    expect(types.map((m) => m.contentType)).toEqual(["image/png", "image/jpeg", "application/pdf", "video/mp4"]);
  });

  it("a file far over every limit is refused with its kind's error, without being read to the end", async () => {
    const res = await postMedia(t, user, "film.mp4", mp4(6_000_000));
    expectError(res, 400, "error.media-size");
    // The rest of the upload is not read: the connection ends with the answer.
    expect(res.headers["connection"]).toBe("close");
    const image = await postMedia(t, user, "scan.png", png({ size: 3_000_000 }));
    expectError(image, 400, "error.image-size");
  });

  it("a PNG named .pdf and declared as a PDF is stored as image/png, its name made to match", async () => {
    const res = await postMedia(t, user, "resultats.pdf", png(), { contentType: "application/pdf" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<MediaRef>()).toMatchObject({ contentType: "image/png", filename: "resultats.png" });
  });

  it("random bytes named .jpg, or text named .png, are error.media-type; nothing is stored", async () => {
    const before = await storedFiles(org.orgId);
    expectError(await postMedia(t, user, "photo.jpg", randomBytes(5000), { contentType: "image/jpeg" }), 400, "error.media-type");
    expectError(await postMedia(t, user, "note.png", Buffer.from("Bonjour, voici ma photo.")), 400, "error.media-type");
    // A format file-type knows but the inbox does not send (a ZIP archive).
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200)]);
    expectError(await postMedia(t, user, "dossier.png", zip), 400, "error.media-type");
    expect(await storedFiles(org.orgId)).toEqual(before);
  });

  it("keeps the name as given (accents included) but never a folder or a control character", async () => {
    const accented = await uploadMedia(t, user, "Radiographie été.png", png());
    expect(accented.filename).toBe("Radiographie été.png");
    const sneaky = await uploadMedia(t, user, "..\\..\\etc\\passwd\u0007.png", png());
    expect(sneaky.filename).toBe("passwd.png");
  });

  it("wants a multipart body with a `file`: a JSON body is 415, another field 400 validation.required", async () => {
    const json = await t.request({ method: "POST", url: `${API}/media`, token: user, payload: { file: "aGVsbG8=" } });
    expectError(json, 415, "error.bad-request");
    const wrongField = await postMedia(t, user, "a.png", png(), { field: "image" });
    expectError(wrongField, 400, "validation.required");
    expect(wrongField.json().error.fields).toEqual([{ path: "file", code: "validation.required" }]);
  });

  it("a malformed or cut multipart body is a 4xx in the error shape, and stores nothing", async () => {
    const before = await storedFiles(org.orgId);
    const headers = { "content-type": "multipart/form-data; boundary=----cassé" };
    for (const payload of [
      "pas du tout un formulaire",
      '------cassé\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
    ]) {
      const res = await t.request({ method: "POST", url: `${API}/media`, token: user, payload, headers });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.json().error.code).toMatch(/^(error|validation)\./);
    }
    const noBoundary = await t.request({
      method: "POST",
      url: `${API}/media`,
      token: user,
      payload: "x",
      headers: { "content-type": "multipart/form-data" },
    });
    expect(noBoundary.statusCode, noBoundary.body).toBeGreaterThanOrEqual(400);
    expect(noBoundary.statusCode, noBoundary.body).toBeLessThan(500);
    expect(await storedFiles(org.orgId)).toEqual(before);
  });

  it("is closed without a session", async () => {
    const res = await t.request({ method: "POST", url: `${API}/media`, payload: "x" });
    expectError(res, 401, "error.unauthorized");
  });
});

describe("sending media", () => {
  it("a message with only a picture: type media, no text, files in the order given, the thread's last message", async () => {
    const first = await uploadMedia(t, user, "avant.png", png({ rgb: [200, 40, 40] }));
    const second = await uploadMedia(t, user, "apres.jpg", jpeg(2000));
    const { res } = await newThread(user, "", [first.id, second.id]);
    expect(res.statusCode, res.body).toBe(201);
    const { thread, message } = res.json<{ thread: Thread; message: Message }>();
    expect(message).toMatchObject({ type: "media", body: "" });
    expect(message.media).toEqual([first, second]);
    expect(thread.lastMessage?.media.map((m) => m.id)).toEqual([first.id, second.id]);
    // Reading the thread and its list answers the same.
    const listed = await messagesOf(t, user, thread.id);
    expect(listed[0]).toMatchObject({ id: message.id, type: "media", media: [first, second] });
    const threads = await t.request({ method: "GET", url: `${API}/threads?limit=50`, token: user });
    const row = threads.json<{ threads: Thread[] }>().threads.find((x) => x.id === thread.id);
    expect(row?.lastMessage).toMatchObject({ type: "media", media: [first, second] });
    // The real-time event carries the files too.
    const events = await eventsSeenBy(t, user);
    const created = events.find((e) => e.type === "message.created" && e.payload["id"] === message.id);
    expect(created?.payload["media"]).toEqual([first, second]);
  });

  it("lists each message with its own files, a text without any as type text", async () => {
    const { res } = await newThread(user, "Bonjour");
    const threadId = res.json<{ thread: Thread }>().thread.id;
    const a = await uploadMedia(t, user, "a.png", png());
    const b = await uploadMedia(t, user, "b.pdf", pdf(3000));
    const c = await uploadMedia(t, user, "c.mp4", mp4(3000));
    expect((await send(user, threadId, [a.id], "Voici la photo")).statusCode).toBe(201);
    expect((await send(user, threadId, [b.id, c.id])).statusCode).toBe(201);
    const listed = (await messagesOf(t, user, threadId)).reverse();
    expect(listed.map((m) => [m.type, m.body, m.media.map((f) => f.filename)])).toEqual([
      ["text", "Bonjour", []],
      ["media", "Voici la photo", ["a.png"]],
      ["media", "", ["b.pdf", "c.mp4"]],
    ]);
  });

  it("refuses 11 files with error.too-many", async () => {
    const sender = await freshUser();
    const ids = await Promise.all(Array.from({ length: 11 }, (_, i) => uploadMedia(t, sender, `p${i}.png`, png()).then((m) => m.id)));
    const { res } = await newThread(sender, "", ids);
    expectError(res, 400, "error.too-many");
  });

  it("refuses files totalling 20 MB with error.limit-size, sends nothing, and leaves the uploads free to use", async () => {
    const sender = await freshUser();
    const ids = [];
    for (let i = 0; i < 10; i++) ids.push((await uploadMedia(t, sender, `v${i}.mp4`, mp4(2_000_000))).id);
    const { res: created } = await newThread(sender, "Bonjour");
    const threadId = created.json<{ thread: Thread }>().thread.id;
    expectError(await send(sender, threadId, ids), 400, "error.limit-size");
    expect(await messagesOf(t, sender, threadId)).toHaveLength(1);
    // 18 MB is under the limit: the same uploads, one fewer, go out.
    const sent = await send(sender, threadId, ids.slice(1));
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json<Message>().media).toHaveLength(9);
  });

  it("a file already sent cannot be sent again (409 error.media-already-sent)", async () => {
    const file = await uploadMedia(t, user, "a.png", png());
    const { res } = await newThread(user, "", [file.id]);
    expect(res.statusCode).toBe(201);
    const threadId = res.json<{ thread: Thread }>().thread.id;
    expectError(await send(user, threadId, [file.id]), 409, "error.media-already-sent");
    const again = await newThread(user, "Encore", [file.id]);
    expectError(again.res, 409, "error.media-already-sent");
  });

  it("another organisation's file, an unknown id or a colleague's unsent upload are 404, and nothing is sent", async () => {
    const foreign = await uploadMedia(t, stranger, "a.png", png());
    const mine = await uploadMedia(t, colleague, "b.png", png());
    const { res } = await newThread(user, "Bonjour");
    const threadId = res.json<{ thread: Thread }>().thread.id;
    for (const id of [foreign.id, randomUUID(), mine.id]) expectError(await send(user, threadId, [id]), 404, "error.not-found");
    expectError((await newThread(user, "", [foreign.id])).res, 404, "error.not-found");
    expect(await messagesOf(t, user, threadId)).toHaveLength(1);
    // The colleague's upload is still theirs to send.
    expect((await send(colleague, threadId, [mine.id])).statusCode).toBe(201);
  });

  it("the same file twice in one message is a bad request", async () => {
    const file = await uploadMedia(t, user, "a.png", png());
    expectError((await newThread(user, "", [file.id, file.id])).res, 400, "error.bad-request");
  });

  it("a message needs words or a file", async () => {
    const res = await t.request({ method: "POST", url: `${API}/threads`, token: user, payload: { to: uniquePhone(), body: "  " } });
    expectError(res, 400, "validation.required");
  });
});

describe("reading a file back", () => {
  it("serves the bytes with their sniffed type, the name (RFC 5987), nosniff and private caching", async () => {
    const bytes = png({ size: 5000 });
    const file = await uploadMedia(t, user, "Radiographie été.png", bytes);
    const res = await getMedia(user, file.id);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers).toMatchObject({
      "content-type": "image/png",
      "content-length": "5000",
      "content-disposition": `inline; filename="Radiographie _t_.png"; filename*=UTF-8''Radiographie%20%C3%A9t%C3%A9.png`,
      "x-content-type-options": "nosniff",
      "cache-control": "private",
    });
    expect(res.headers["content-security-policy"]).toContain("sandbox");
    // A PDF is a download, never shown in place.
    const doc = await uploadMedia(t, user, "ordonnance.pdf", pdf(2000));
    expect((await getMedia(user, doc.id)).headers["content-disposition"]).toMatch(/^attachment; filename="ordonnance\.pdf"/);
  });

  it("an unsent upload is its uploader's only: a colleague, another team and another organisation get 404", async () => {
    const file = await uploadMedia(t, user, "a.png", png());
    expect((await getMedia(user, file.id)).statusCode).toBe(200);
    for (const token of [colleague, otherTeam, admin, stranger]) expectError(await getMedia(token, file.id), 404, "error.not-found");
  });

  it("a sent file is seen by the thread's team (admin of both included), not by another team or organisation", async () => {
    const file = await uploadMedia(t, user, "a.png", png());
    expect((await newThread(user, "", [file.id])).res.statusCode).toBe(201);
    for (const token of [user, colleague, admin]) expect((await getMedia(token, file.id)).statusCode).toBe(200);
    for (const token of [otherTeam, stranger]) expectError(await getMedia(token, file.id), 404, "error.not-found");
    expectError(await getMedia(user, randomUUID()), 404, "error.not-found");
    expectError(await getMedia(undefined, file.id), 401, "error.unauthorized");
  });
});

describe("the network's side: signed public links and the sandbox", () => {
  async function sentPicture(bytes: Buffer) {
    const file = await uploadMedia(t, user, "sourire.png", bytes);
    const { res, to } = await newThread(user, "Votre sourire", [file.id]);
    expect(res.statusCode, res.body).toBe(201);
    const [entry] = await outboxOf(to);
    return { file, entry, to };
  }

  it("the sandbox outbox shows the text's files: type and a public signed link to PUBLIC_URL", async () => {
    const { file, entry } = await sentPicture(png());
    expect(entry?.body).toBe("Votre sourire");
    expect(entry?.media).toEqual([
      {
        contentType: "image/png",
        url: expect.stringMatching(new RegExp(`^http://localhost:3000/api/media/${file.id}\\?exp=\\d+&sig=[\\w-]{43}$`)),
      },
    ]);
  });

  it("a valid link serves the bytes to anyone; expired, forged or moved to another file it is refused", async () => {
    const bytes = png({ size: 4321 });
    const { file, entry } = await sentPicture(bytes);
    const link = new URL(entry?.media[0]?.url ?? "");
    const ok = await t.request({ method: "GET", url: `${link.pathname}${link.search}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers["content-type"]).toBe("image/png");
    expect(ok.rawPayload.equals(bytes)).toBe(true);

    const old = t.mediaLinks.sign(file.id, Date.now() - 2 * 24 * 3600 * 1000);
    expectError(await t.request({ method: "GET", url: `/api/media/${file.id}?exp=${old.exp}&sig=${old.sig}` }), 403, "error.link-expired");
    const exp = link.searchParams.get("exp") ?? "";
    const forged = randomBytes(32).toString("base64url");
    expectError(await t.request({ method: "GET", url: `/api/media/${file.id}?exp=${exp}&sig=${forged}` }), 403, "error.invalid-signature");
    // The signature of one file and expiry does not open another, nor a later expiry.
    const sig = link.searchParams.get("sig") ?? "";
    const other = await uploadMedia(t, user, "autre.png", png());
    expectError(await t.request({ method: "GET", url: `/api/media/${other.id}?exp=${exp}&sig=${sig}` }), 403, "error.invalid-signature");
    expectError(
      await t.request({ method: "GET", url: `/api/media/${file.id}?exp=${Number(exp) + 1}&sig=${sig}` }),
      403,
      "error.invalid-signature",
    );
  });

  it("a signed link to a file that does not exist is 404", async () => {
    const id = randomUUID();
    const { exp, sig } = t.mediaLinks.sign(id);
    expectError(await t.request({ method: "GET", url: `/api/media/${id}?exp=${exp}&sig=${sig}` }), 404, "error.not-found");
  });

  it("a phone's picture (sandbox inbound) lands in the thread with its file, read back by the team only", async () => {
    const contact = uniquePhone();
    const bytes = png({ size: 1500, rgb: [10, 160, 90] });
    const res = await t.request({
      method: "POST",
      url: "/api/sandbox/inbound",
      payload: { from: contact, to: phones.main, body: "", media: [{ filename: "IMG_0042.PNG", dataBase64: bytes.toString("base64") }] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const threads = await t.request({ method: "GET", url: `${API}/threads?limit=50`, token: user });
    const thread = threads.json<{ threads: Thread[] }>().threads.find((x) => x.contactPhone === contact);
    expect(thread?.lastMessage).toMatchObject({ direction: "inbound", type: "media", body: "" });
    const file = thread?.lastMessage?.media[0];
    expect(file).toMatchObject({ contentType: "image/png", size: 1500, filename: "IMG_0042.PNG" });
    const read = await getMedia(user, file?.id ?? "");
    expect(read.rawPayload.equals(bytes)).toBe(true);
    expectError(await getMedia(otherTeam, file?.id ?? ""), 404, "error.not-found");
  });

  it("a phone's file is held to the staff limits: too large or not a media type is refused and nothing is stored", async () => {
    const contact = uniquePhone();
    const before = await storedFiles(org.orgId);
    const inbound = (name: string, bytes: Buffer) =>
      t.request({
        method: "POST",
        url: "/api/sandbox/inbound",
        payload: { from: contact, to: phones.main, body: "Regardez", media: [{ filename: name, dataBase64: bytes.toString("base64") }] },
      });
    expectError(await inbound("grande.png", png({ size: 200_001 })), 400, "error.image-size");
    expectError(await inbound("virus.png", randomBytes(3000)), 400, "error.media-type");
    expect(await storedFiles(org.orgId)).toEqual(before);
    const threads = await t.request({ method: "GET", url: `${API}/threads?limit=50`, token: user });
    expect(threads.json<{ threads: Thread[] }>().threads.some((x) => x.contactPhone === contact)).toBe(false);
  });

  it("an inbound MMS delivered twice is recorded once, its file stored once", async () => {
    const carrierMessageId = `SM${randomBytes(16).toString("hex")}`;
    const contact = uniquePhone();
    const bytes = png();
    const delivery = () =>
      t.carrier.receive({
        carrierMessageId,
        from: contact,
        to: phones.main,
        body: "",
        media: [{ filename: "a.png", read: async () => bytes }],
      });
    const before = (await storedFiles(org.orgId)).length;
    const [a, b] = await Promise.all([delivery(), delivery()]);
    const third = await delivery();
    expect([a, b, third].filter((r) => "duplicate" in r)).toHaveLength(2);
    const recorded = [a, b].find((r) => "messageId" in r);
    const messageId = recorded && "messageId" in recorded ? recorded.messageId : "";
    expect(await mediaRowCount({ messageId })).toBe(1);
    expect(await storedFiles(org.orgId)).toHaveLength(before + 1);
  });
});

describe("stored bytes follow their rows", () => {
  it("deleting a thread removes its files from the store", async () => {
    const file = await uploadMedia(t, user, "a.png", png());
    const { res } = await newThread(user, "", [file.id]);
    const threadId = res.json<{ thread: Thread }>().thread.id;
    expect(await storedFiles(org.orgId)).toContain(file.id);
    const del = await t.request({ method: "DELETE", url: `${API}/threads/${threadId}`, token: user });
    expect(del.statusCode, del.body).toBe(200);
    await until(async () => !(await storedFiles(org.orgId)).includes(file.id), "the file's removal");
    expect(await mediaRowCount({ id: file.id })).toBe(0);
    expectError(await getMedia(user, file.id), 404, "error.not-found");
  });

  it("an upload never sent is dropped after a day by the uploads that follow", async () => {
    const mine = await t.tenant();
    const token = await t.as(mine.users.user);
    const old = await uploadMedia(t, token, "oubli.png", png());
    await sql`update media_files set created_at = now() - interval '25 hours' where id = ${old.id}`.execute(t.db.owner);
    const fresh = await uploadMedia(t, token, "nouveau.png", png());
    expectError(await getMedia(token, old.id), 404, "error.not-found");
    await until(async () => !(await storedFiles(mine.orgId)).includes(old.id), "the abandoned file's removal");
    expect(await storedFiles(mine.orgId)).toEqual([fresh.id]);
  });
});
