import { randomUUID } from "node:crypto";
import { typedPhoneToE164 } from "@relais/shared";
import type { CarrierInboundEvent, InboundResult } from "../../carriers/carrier.ts";
import { sendUnanswered, withTenant, type Tx } from "../../db/database.ts";
import { sendTogether, together, type Together } from "../../db/send-together.ts";
import type { Owned } from "../../platform/directory-cache.ts";
import { badRequest, notFound } from "../../platform/errors.ts";
import { contactByPhoneTogether } from "../contacts/index.ts";
import { discardFiles, recordInboundMedia, storeInboundMedia } from "./media.ts";
import type { MessagingDeps } from "./messaging-deps.ts";
import * as repo from "./repo.ts";
import { SENTIMENT_BEFORE_NEW_TEXT, sentimentWithNewText } from "./sentiment.ts";
import { announceMessage, announceThreadRow } from "./thread-events.ts";

/**
 * Texts contacts send (carrier webhook or sandbox), and the steps of other modules run after each
 * one in its transaction (app.ts registers them: a survey answer, the outside-hours reply).
 */

/** An inbound text just recorded, as the steps run after it (automatic replies) see it. */
export type RecordedInbound = {
  orgId: string;
  teamId: string;
  threadId: string;
  contactPhone: string;
  teamPhone: string;
  messageId: string;
  body: string;
};

/**
 * A step of another module run inside an inbound text's transaction once the text is recorded:
 * what it writes lands or rolls back with the text, so a duplicate delivery triggers it once.
 * Registered when the app is built (app.ts), which keeps messaging from importing those modules.
 *
 * In two parts, so that what every step reads costs no round trip of its own: the statement it
 * reads with, sent together with the text's own (sendTogether), whose answer is what the step
 * then does (the InboundStep, run in order once the text is recorded). A step that reads what
 * it needs from memory (the directory) answers the InboundStep itself: no statement at all.
 */
export type AfterInbound = (tx: Tx, text: InboundText) => Together<InboundStep> | InboundStep;

/** What a step knows of a text before it is recorded: enough to read with. */
type InboundText = { orgId: string; teamId: string; contactPhone: string };

/** What a step does with an inbound text once recorded; "handled" ends the chain (no later step runs). */
type InboundStep = (deps: MessagingDeps, tx: Tx, inbound: RecordedInbound) => Promise<void | "handled">;

/**
 * An inbound text (carrier webhook or sandbox): it lands in the thread of the team owning the
 * number texted, created if missing; an archived thread comes back to the active list; the thread
 * is marked unread. A text the carrier delivers twice is recorded once.
 */
export async function receiveInbound(deps: MessagingDeps, event: CarrierInboundEvent): Promise<InboundResult> {
  const from = typedPhoneToE164(event.from);
  const to = typedPhoneToE164(event.to);
  if (!from || !to) throw badRequest("error.phone-invalid");
  const owner = await clinicNumberOwner(deps, to);
  if (!owner) throw notFound();
  const orgId = owner.orgId;
  const sources = event.media ?? [];
  // A replayed delivery is known before any file is fetched again.
  if (sources.length && (await withTenant(deps.db, orgId, (tx) => repo.findMessageByCarrierId(tx, orgId, event.carrierMessageId)))) {
    return { duplicate: true };
  }
  const stored = await storeInboundMedia(deps, orgId, sources, { carrierMessageId: event.carrierMessageId });
  // The files stay only if this delivery's message is the one recorded.
  let kept = false;
  try {
    const result = await withTenant(deps.db, orgId, async (tx) => {
      // No look-up first: a delivery already recorded makes the insert below answer nothing,
      // and the transaction is rolled back (one statement fewer for every other text).
      // One round trip (sendTogether): the thread created if missing and locked, with the
      // contact's previous texts for the sentiment; the message, in the thread named by its
      // contact (the upsert has not answered yet); the thread's touch, only if the message was
      // written, which brings it back to the active list and marks it unread (the upsert only
      // locked it, decision 0059) and answers it as its event shows it; the contact's name; and
      // what the steps after the text read (an open survey). The message is named here, so that
      // the touch can point at it.
      const messageId = randomUUID();
      const text = { orgId, teamId: owner.teamId, contactPhone: from };
      const planned = deps.afterInbound.map((step) => step(tx, text));
      const write = { orgId, teamId: owner.teamId, from, messageId };
      const [upserted, inserted, touched, contacts, ...read] = await sendTogether(
        tx,
        repo.upsertInboundThreadTogether(tx, orgId, owner.teamId, from, SENTIMENT_BEFORE_NEW_TEXT),
        together(repo.insertInboundMessageStatement(tx, { ...write, to, body: event.body, carrierMessageId: event.carrierMessageId })),
        together(repo.touchInboundThreadStatement(tx, write)),
        contactByPhoneTogether(tx, orgId, from),
        ...planned.filter((step) => typeof step !== "function"),
      );
      const msg = inserted[0];
      const touchedRow = touched[0];
      // Raced by the same webhook delivered twice at once: undo this one.
      if (!msg || !touchedRow) throw new DuplicateDelivery();
      const thread = upserted ?? (await repo.inboundThreadAfterRace(tx, orgId, owner.teamId, from, SENTIMENT_BEFORE_NEW_TEXT, messageId));
      // The mood with this text, written only when it moves (most texts carry no opinion word):
      // sent unanswered, it leaves with the commit and runs before anything a later step sends.
      const sentiment = sentimentWithNewText(event.body, thread.recentBodies);
      const row = touchedRow.sentiment === sentiment ? touchedRow : { ...touchedRow, sentiment };
      if (row !== touchedRow) sendUnanswered(tx, repo.threadSentimentQuery(tx, orgId, thread.id, sentiment));
      await recordInboundMedia(tx, msg.id, stored);
      // Without files the new message is known as it is: the events need not read it back.
      const known = stored.length === 0 ? { row: msg, media: [], contact: contacts.get(from) ?? null } : undefined;
      await announceThreadRow(tx, orgId, row, thread.created ? "thread.created" : "thread.updated", known);
      await announceMessage(tx, orgId, thread.teamId, msg, "message.created", known?.media);
      const inbound = {
        orgId,
        teamId: thread.teamId,
        threadId: thread.id,
        contactPhone: from,
        teamPhone: to,
        messageId: msg.id,
        body: event.body,
      };
      // In their registered order, each with what it read. The first step that handles the
      // text (a survey answer) ends the chain: no automatic reply to it.
      let answered = 0;
      const steps = planned.map((step) => (typeof step === "function" ? step : read[answered++]));
      for (const step of steps) if (step && (await step(deps, tx, inbound)) === "handled") break;
      return { threadId: thread.id, messageId: msg.id };
    });
    kept = !("duplicate" in result);
    return result;
  } catch (err) {
    if (err instanceof DuplicateDelivery) return { duplicate: true };
    throw err;
  } finally {
    if (!kept) {
      await discardFiles(
        deps,
        stored.map((f) => f.storageKey),
      );
    }
  }
}

class DuplicateDelivery extends Error {}

/** The organisation and the team that own a clinic number. */
type NumberOwner = { orgId: string; teamId: string };

/**
 * Who owns a clinic number, for a text or a call coming in: from memory while the directory may
 * be trusted (a change of the owner's teams forgets it, decisions 0050 and 0054), else one read.
 * The memory keeps the team's id as the organisation's row (Owned).
 */
export async function clinicNumberOwner(deps: MessagingDeps, phone: string): Promise<NumberOwner | undefined> {
  const read = async (): Promise<Owned<string> | undefined> => {
    const owner = await repo.unsafeFindPhoneOwner(deps.db, phone);
    return owner ? { orgId: owner.organization_id, row: owner.team_id } : undefined;
  };
  const owned = await (deps.phoneOwners ? deps.phoneOwners.readAcross(phone, read) : read());
  return owned && { orgId: owned.orgId, teamId: owned.row };
}
