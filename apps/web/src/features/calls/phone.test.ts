import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CallOffer, CallView, RealtimeClientMessage, RealtimeDirectMessage, RealtimeEvent } from "@relais/shared";

const offersAnswer = vi.hoisted(() => ({ offers: [] as unknown[] }));
vi.mock("../../api/index.ts", () => ({
  api: { call: vi.fn(() => Promise.resolve({ offers: offersAnswer.offers, serverNow: "2026-01-01T10:00:00.000Z" })) },
}));

const { PhoneController } = await import("./phone.ts");

const CALL_A = "00000000-0000-4000-8000-00000000000a";
const CALL_B = "00000000-0000-4000-8000-00000000000b";
const TEAM = "00000000-0000-4000-8000-0000000000e1";

function offer(callId: string, round = 0): CallOffer {
  return {
    callId,
    callerName: "(514) 555-0111",
    phoneNumber: "+15145550111",
    teamId: TEAM,
    forGroupId: TEAM,
    forGroupLabel: "Réception",
    fromGroupLabel: null,
    transfer: false,
    round,
    ringUntil: "2026-01-01T10:00:30.000Z",
    version: 2,
    serverNow: "2026-01-01T10:00:00.000Z",
  };
}

function view(id: string, version: number, patch: Partial<CallView> = {}): CallView {
  return {
    id,
    direction: "inbound",
    state: "ringing",
    held: false,
    statusCode: "ringing",
    remoteNumber: "+15145550111",
    formattedNumber: "(514) 555-0111",
    anonymous: false,
    emergency: false,
    contactId: null,
    contactName: null,
    threadId: null,
    teamId: TEAM,
    teamNumber: "+15145550101",
    forGroupId: TEAM,
    forGroupLabel: "Réception",
    fromGroupLabel: null,
    ownerUserId: null,
    ownerName: null,
    startedAt: "2026-01-01T10:00:00.000Z",
    answeredAt: null,
    endedAt: null,
    endStatus: null,
    carrierCallSid: "SB1",
    transfer: null,
    version,
    serverNow: "2026-01-01T10:00:00.000Z",
    ...patch,
  };
}

/** The tab's socket as the phone sees it, driven by the test as the server would. */
class FakeLink {
  sent: RealtimeClientMessage[] = [];
  private events = new Set<(e: RealtimeEvent) => void>();
  private direct = new Set<(m: RealtimeDirectMessage) => void>();
  private readies = new Set<() => void>();
  private position = 0;

  send = (message: RealtimeClientMessage): boolean => {
    this.sent.push(message);
    return true;
  };
  onEvent = (l: (e: RealtimeEvent) => void) => this.sub(this.events, l);
  onDirect = (l: (m: RealtimeDirectMessage) => void) => this.sub(this.direct, l);
  onReady = (l: () => void) => this.sub(this.readies, l);

  private sub<T>(set: Set<T>, l: T): () => void {
    set.add(l);
    return () => set.delete(l);
  }

  ready(): void {
    for (const l of this.readies) l();
  }
  event(type: string, payload: object): void {
    this.position += 1;
    const event = { position: this.position, type, teamId: TEAM, payload: payload as Record<string, unknown>, createdAt: "" };
    for (const l of this.events) l(event);
  }
  directMessage(message: RealtimeDirectMessage): void {
    for (const l of this.direct) l(message);
  }
  acks() {
    return this.sent.filter((m) => m.type === "call.offer.received");
  }
}

const listeners = new Map<string, () => void>();
function stubBrowser(microphone: PermissionState | "none") {
  vi.stubGlobal("window", { setInterval, clearInterval });
  vi.stubGlobal("document", {
    visibilityState: "visible",
    addEventListener: (name: string, l: () => void) => listeners.set(name, l),
    removeEventListener: (name: string) => listeners.delete(name),
  });
  vi.stubGlobal("navigator", {
    mediaDevices: { enumerateDevices: () => Promise.resolve(microphone === "none" ? [] : [{ kind: "audioinput" }]) },
    permissions: { query: () => Promise.resolve({ state: microphone === "none" ? "prompt" : microphone }) },
  });
}

async function started(microphone: PermissionState | "none" = "granted") {
  stubBrowser(microphone);
  const phone = new PhoneController();
  const link = new FakeLink();
  const stop = phone.start(link);
  await vi.waitFor(() => {
    expect(phone.state.microphone).toBe(microphone);
  });
  return { phone, link, stop };
}

describe("the tab's phone", () => {
  beforeEach(() => {
    offersAnswer.offers = [];
    listeners.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("says the tab is alive on ready, every 10 s and when it shows again, with whether it can answer", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const { phone, link, stop } = await started("granted");
      link.sent = [];
      link.ready();
      expect(link.sent).toEqual([{ type: "presence", tabId: phone.tabId, canAnswer: true }]);
      vi.advanceTimersByTime(10_000);
      listeners.get("visibilitychange")?.();
      expect(link.sent.filter((m) => m.type === "presence")).toHaveLength(3);
      stop();
      vi.advanceTimersByTime(30_000);
      expect(link.sent.filter((m) => m.type === "presence")).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it("cannot answer without a microphone, or with one refused", async () => {
    for (const microphone of ["denied", "none"] as const) {
      const { phone, link } = await started(microphone);
      link.ready();
      expect(link.sent.at(-1)).toEqual({ type: "presence", tabId: phone.tabId, canAnswer: false });
    }
  });

  it("acknowledges an offer and rings; a second call while one rings is acknowledged busy and not shown", async () => {
    const { phone, link } = await started();
    link.event("call.offer", offer(CALL_A));
    link.event("call.offer", offer(CALL_B));
    expect(link.acks()).toEqual([
      { type: "call.offer.received", callId: CALL_A, tabId: phone.tabId, busy: false },
      { type: "call.offer.received", callId: CALL_B, tabId: phone.tabId, busy: true },
    ]);
    expect(phone.state.offers.map((o) => o.callId)).toEqual([CALL_A]);
    // The same call offered again in a new round is not "another call".
    link.event("call.offer", offer(CALL_A, 1));
    expect(link.acks().at(-1)?.busy).toBe(false);
    expect(phone.state.offers.map((o) => o.round)).toEqual([1]);
  });

  it("acknowledges busy while this tab carries a call that is not over", async () => {
    const { phone, link } = await started();
    phone.upsertCall(view(CALL_A, 3, { state: "active", answeredAt: "2026-01-01T10:00:05.000Z" }));
    phone.setOwnCall(CALL_A);
    link.event("call.offer", offer(CALL_B));
    expect(link.acks().at(-1)?.busy).toBe(true);
    phone.upsertCall(view(CALL_A, 4, { state: "ended", endStatus: "completed" }));
    link.event("call.offer", offer(CALL_B, 1));
    expect(link.acks().at(-1)?.busy).toBe(false);
  });

  it("keeps a notice when someone else took the call or it ended, none when this person declined", async () => {
    const { phone, link } = await started();
    link.event("call.offer", offer(CALL_A));
    link.event("call.offer.revoked", { callId: CALL_A, reason: "taken" });
    expect(phone.state.offers).toEqual([]);
    expect(phone.state.notices.map((n) => [n.offer.callId, n.reason])).toEqual([[CALL_A, "taken"]]);
    phone.dismissNotice(CALL_A);
    link.event("call.offer", offer(CALL_B));
    link.event("call.offer.revoked", { callId: CALL_B, reason: "rejected" });
    expect(phone.state.notices).toEqual([]);
  });

  it("keeps each call at its highest version; an ended call stops its offer", async () => {
    const { phone, link } = await started();
    link.event("call.offer", offer(CALL_A));
    link.event("call.updated", view(CALL_A, 5, { ownerName: "Marc Gagnon" }));
    link.event("call.updated", view(CALL_A, 4, { ownerName: null }));
    expect(phone.state.calls[CALL_A]?.ownerName).toBe("Marc Gagnon");
    link.event("call.ended", view(CALL_A, 6, { state: "ended", endStatus: "canceled" }));
    expect(phone.state.calls[CALL_A]?.version).toBe(6);
    expect(phone.state.offers).toEqual([]);
  });

  it("lets a call it transferred go once the target took it, and keeps it when the transfer failed or was for another call", async () => {
    const { phone, link } = await started();
    phone.setOwnCall(CALL_A);
    link.event("transfer.updated", { callId: CALL_A, transferId: "t1", status: "failed" });
    expect(phone.state.ownCallId).toBe(CALL_A);
    link.event("transfer.updated", { callId: CALL_B, transferId: "t2", status: "accepted" });
    expect(phone.state.ownCallId).toBe(CALL_A);
    link.event("transfer.updated", { callId: CALL_A, transferId: "t1", status: "accepted" });
    expect(phone.state.ownCallId).toBeNull();
  });

  it("forgets the offer of a call it took, so parking it never rings the parker again; a parked call rings nobody", async () => {
    const { phone, link } = await started();
    link.event("call.offer", offer(CALL_A));
    phone.setOwnCall(CALL_A);
    phone.upsertCall(view(CALL_A, 7, { state: "parked", statusCode: "parked" }));
    phone.setOwnCall(null);
    expect(phone.state.offers).toEqual([]);
    link.event("call.offer", offer(CALL_B));
    link.event("call.updated", view(CALL_B, 9, { state: "parked", statusCode: "parked" }));
    expect(phone.state.offers).toEqual([]);
  });

  it("keeps signalling until the call screens take it, then relays it; sends its own", async () => {
    const { phone, link } = await started();
    const signal = { kind: "ice", payload: null } as const;
    link.directMessage({ type: "call.signal", callId: CALL_A, signal });
    const handled: string[] = [];
    phone.handleSignals((callId) => handled.push(callId));
    link.directMessage({ type: "call.signal", callId: CALL_B, signal });
    expect(handled).toEqual([CALL_A, CALL_B]);
    phone.sendSignal(CALL_A, signal);
    expect(link.sent.at(-1)).toEqual({ type: "call.signal", callId: CALL_A, signal });
  });

  it("takes the server's word on presence and its clock", async () => {
    const { phone, link } = await started();
    const serverNow = new Date(Date.now() + 60_000).toISOString();
    link.directMessage({ type: "presence.ok", serverNow, offered: false, reasons: ["offline"] });
    expect(phone.state.presence?.reasons).toEqual(["offline"]);
    expect(phone.state.skewMs).toBeGreaterThan(55_000);
  });

  it("reads the offers still ringing when the socket is ready, and acknowledges them", async () => {
    offersAnswer.offers = [offer(CALL_A)];
    const { phone, link } = await started();
    link.ready();
    await vi.waitFor(() => {
      expect(phone.state.offers.map((o) => o.callId)).toEqual([CALL_A]);
    });
    expect(link.acks()).toEqual([{ type: "call.offer.received", callId: CALL_A, tabId: phone.tabId, busy: false }]);
  });
});
