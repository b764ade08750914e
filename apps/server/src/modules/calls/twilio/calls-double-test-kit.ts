import { randomUUID } from "node:crypto";
import { isEmergencyNumber, type CallPeriod } from "@relais/shared";
import type { Call, CallEvent, CarrierEvent } from "../model.ts";
import { apply, startInbound, startOutbound } from "../reducer.ts";
import type { CarrierCall, CarrierEventRef, Greeting, InboundCallAnswer, InboundCallReport } from "../carrier.ts";
import type { VoiceEntryPoints } from "./ports.ts";

/**
 * A test double of the calls module's entry points for the voice webhook tests: it records
 * what the webhooks hand it and keeps each call in memory, moved by the real reducer, so a test
 * sees what a replayed or out-of-order webhook does to a call. The calls module's own suite
 * tests the real service (storage, locks, offers).
 */
export class CallsDouble implements VoiceEntryPoints {
  readonly calls = new Map<string, Call>();
  readonly sids = new Map<string, string>();
  readonly rooms = new Map<string, string>();
  readonly inbound: InboundCallReport[] = [];
  readonly applied: { ref: CarrierEventRef; event: CarrierEvent }[] = [];
  period: CallPeriod = "OPEN";
  greeting: Greeting | null = null;
  /** The next entry point called throws, as a failing database would. */
  failNext = false;

  constructor(private readonly teamNumber: string) {}

  private failing(): void {
    if (!this.failNext) return;
    this.failNext = false;
    throw new Error("the calls module failed");
  }

  receiveInboundCall(report: InboundCallReport): Promise<InboundCallAnswer> {
    this.inbound.push(report);
    this.failing();
    if (report.to !== this.teamNumber) return Promise.resolve(null);
    const known = this.sids.get(report.carrierCallSid);
    const existing = known ? this.calls.get(known) : undefined;
    if (existing) return Promise.resolve({ callId: existing.id, state: existing.state, period: this.period });
    const id = randomUUID();
    const { call } = startInbound({
      id,
      key: `twilio:incoming:${report.carrierCallSid}`,
      at: report.at,
      teamId: "team-main",
      from: report.from,
      period: this.period,
      routing: { queue: true, voicemail: true, ringSeconds: 30, maxWaitSeconds: 600, maxRingRounds: null },
    });
    this.calls.set(id, call);
    this.sids.set(report.carrierCallSid, id);
    return Promise.resolve({ callId: id, state: call.state, period: this.period });
  }

  applyCarrierEvent(ref: CarrierEventRef, event: CarrierEvent): Promise<void> {
    this.applied.push({ ref, event });
    this.failing();
    const id = "callId" in ref ? ref.callId : this.sids.get(ref.carrierCallSid);
    if (!id || !this.calls.has(id)) return Promise.reject(new Error("no such call"));
    this.move(id, event);
    return Promise.resolve();
  }

  callForStaffLeg(leg: { callId: string; userId: string }): Promise<(CarrierCall & { emergency: boolean }) | null> {
    const call = this.calls.get(leg.callId);
    if (!call || call.state === "ended" || call.owner?.kind !== "user" || call.owner.userId !== leg.userId) return Promise.resolve(null);
    return Promise.resolve({
      id: call.id,
      organizationId: "org-1",
      teamId: call.teamId,
      direction: call.direction,
      remoteNumber: call.remoteNumber,
      teamNumber: this.teamNumber,
      carrierCallSid: [...this.sids].find(([, id]) => id === call.id)?.[0] ?? null,
      room: this.rooms.get(call.id) ?? `call-${call.id}`,
      emergency: isEmergencyNumber(call.remoteNumber),
    });
  }

  /** The desk phone's claim, by the real reducer: the call when this person won it, null otherwise. */
  answerFromDesk(leg: { callId: string; userId: string }): Promise<CarrierCall | null> {
    this.failing();
    const call = this.calls.get(leg.callId);
    if (!call) return Promise.resolve(null);
    const t = apply(call, { type: "staff.answer", key: `desk:answer:${leg.callId}:${leg.userId}`, at: Date.now(), userId: leg.userId });
    if (t.refusal) return Promise.resolve(null);
    this.calls.set(call.id, t.call);
    return this.callForStaffLeg(leg);
  }

  greetingOf(): Promise<Greeting | null> {
    return Promise.resolve(this.greeting);
  }

  /** An event the calls module itself produces (an offer sent, an answer), applied as its service would. */
  move(id: string, event: CallEvent): Call {
    const call = this.calls.get(id);
    if (!call) throw new Error("no such call");
    const next = apply(call, event).call;
    this.calls.set(id, next);
    return next;
  }

  /** An outbound call placed by `userId` through the API, before any carrier report. */
  placeOutbound(userId: string, to: string, at: number): Call {
    const id = randomUUID();
    const { call } = startOutbound({
      id,
      key: `api:${id}`,
      at,
      teamId: "team-main",
      userId,
      to,
      routing: { queue: true, voicemail: true, ringSeconds: 30, maxWaitSeconds: 600, maxRingRounds: null },
    });
    this.calls.set(id, call);
    return call;
  }
}
