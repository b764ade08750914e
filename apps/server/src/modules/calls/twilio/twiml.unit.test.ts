import { describe, expect, it } from "vitest";
import {
  apologyTwiml,
  emergencyTwiml,
  holdTwiml,
  inboundTwiml,
  queueNameOf,
  redirectTwiml,
  roomTwiml,
  sayThenHangupTwiml,
  staffJoinTwiml,
  voicemailTwiml,
  waitTwiml,
  type InboundDocument,
} from "./twiml.ts";
import { checkedWaitDocument, waitDocumentProblems } from "./twiml-rules.ts";

const BASE = "https://relais.example.test/api/webhooks/twilio/voice";
const CALL = "6c1d3e0a-1b2c-4d5e-8f90-123456789abc";
const USER = "3f2b8c1e-9a4d-4c6b-8e7f-0a1b2c3d4e5f";
const MUSIC = "https://music.example.test/hold.mp3";

/** One TwiML verb a line, so a snapshot reads as the document does. */
const lines = (xml: string) => xml.replaceAll("><", ">\n<");

const inbound = (decision: InboundDocument["decision"], greeting: InboundDocument["greeting"] = null) =>
  inboundTwiml({
    decision,
    greeting,
    queueName: queueNameOf("+15145550100"),
    waitUrl: `${BASE}/wait?callId=${CALL}&menu=1`,
    queueActionUrl: `${BASE}/queue-action?callId=${CALL}`,
    voicemail: {
      recordingActionUrl: `${BASE}/recording?callId=${CALL}&step=action`,
      recordingStatusUrl: `${BASE}/recording?callId=${CALL}&step=status`,
    },
  });

describe("inbound call TwiML", () => {
  it("greets, then waits in the team number's queue with the wait URL and the queue action", () => {
    expect(lines(inbound({ state: "ivr", period: "OPEN" }))).toMatchInlineSnapshot(`
      "<?xml version="1.0" encoding="UTF-8"?>
      <Response>
      <Say language="fr-CA">Bonjour, merci de votre appel. Veuillez patienter, nous vous répondrons dans un instant.</Say>
      <Say language="en-CA">Hello, thank you for calling. Please hold, we will be with you shortly.</Say>
      <Enqueue waitUrl="https://relais.example.test/api/webhooks/twilio/voice/wait?callId=6c1d3e0a-1b2c-4d5e-8f90-123456789abc&amp;menu=1" waitUrlMethod="POST" action="https://relais.example.test/api/webhooks/twilio/voice/queue-action?callId=6c1d3e0a-1b2c-4d5e-8f90-123456789abc" method="POST">relais +15145550100</Enqueue>
      </Response>"
    `);
  });

  it("plays the team's recorded greeting, or speaks its text in its language", () => {
    expect(lines(inbound({ state: "ivr", period: "OPEN" }, { kind: "audio", url: "https://relais.example.test/api/media/g1" })))
      .toMatchInlineSnapshot(`
      "<?xml version="1.0" encoding="UTF-8"?>
      <Response>
      <Play>https://relais.example.test/api/media/g1</Play>
      <Enqueue waitUrl="https://relais.example.test/api/webhooks/twilio/voice/wait?callId=6c1d3e0a-1b2c-4d5e-8f90-123456789abc&amp;menu=1" waitUrlMethod="POST" action="https://relais.example.test/api/webhooks/twilio/voice/queue-action?callId=6c1d3e0a-1b2c-4d5e-8f90-123456789abc" method="POST">relais +15145550100</Enqueue>
      </Response>"
    `);
    expect(inbound({ state: "ivr", period: "OPEN" }, { kind: "speech", text: "Clinique Soleil, bonjour.", locale: "fr-CA" })).toContain(
      '<Say language="fr-CA">Clinique Soleil, bonjour.</Say><Enqueue',
    );
  });

  it("an emergency caller, already ringing, skips the greeting", () => {
    expect(lines(inbound({ state: "ringing", period: "OPEN" }))).toMatchInlineSnapshot(`
      "<?xml version="1.0" encoding="UTF-8"?>
      <Response>
      <Enqueue waitUrl="https://relais.example.test/api/webhooks/twilio/voice/wait?callId=6c1d3e0a-1b2c-4d5e-8f90-123456789abc&amp;menu=1" waitUrlMethod="POST" action="https://relais.example.test/api/webhooks/twilio/voice/queue-action?callId=6c1d3e0a-1b2c-4d5e-8f90-123456789abc" method="POST">relais +15145550100</Enqueue>
      </Response>"
    `);
  });

  it("closed with a voicemail: the period's greeting, the prompt and <Record> with its status callback", () => {
    expect(lines(inbound({ state: "voicemail", period: "CLOSE" }))).toMatchInlineSnapshot(`
      "<?xml version="1.0" encoding="UTF-8"?>
      <Response>
      <Say language="fr-CA">Bonjour, nos bureaux sont présentement fermés.</Say>
      <Say language="en-CA">Hello, our office is currently closed.</Say>
      <Say language="fr-CA">Laissez votre message après le signal sonore.</Say>
      <Say language="en-CA">Please leave your message after the tone.</Say>
      <Record maxLength="120" playBeep="true" finishOnKey="#" action="https://relais.example.test/api/webhooks/twilio/voice/recording?callId=6c1d3e0a-1b2c-4d5e-8f90-123456789abc&amp;step=action" method="POST" recordingStatusCallback="https://relais.example.test/api/webhooks/twilio/voice/recording?callId=6c1d3e0a-1b2c-4d5e-8f90-123456789abc&amp;step=status" recordingStatusCallbackMethod="POST" recordingStatusCallbackEvent="completed absent"/>
      </Response>"
    `);
  });

  it("closed without voicemail: the greeting, then hang-up", () => {
    expect(lines(inbound({ state: "ended", period: "VACATION" }))).toMatchInlineSnapshot(`
      "<?xml version="1.0" encoding="UTF-8"?>
      <Response>
      <Say language="fr-CA">Bonjour, nos bureaux sont fermés pour les vacances.</Say>
      <Say language="en-CA">Hello, our office is closed for the holidays.</Say>
      <Hangup/>
      </Response>"
    `);
  });

  it("a number nobody takes calls on: said so, then hang-up", () => {
    expect(lines(inbound(null))).toMatchInlineSnapshot(`
      "<?xml version="1.0" encoding="UTF-8"?>
      <Response>
      <Say language="fr-CA">Ce numéro ne reçoit pas d'appels pour le moment. Au revoir.</Say>
      <Say language="en-CA">This number is not taking calls right now. Goodbye.</Say>
      <Hangup/>
      </Response>"
    `);
  });

  it("escapes what it speaks", () => {
    const xml = inbound({ state: "ivr", period: "OPEN" }, { kind: "speech", text: 'Dupont & fils <"bienvenue">', locale: "fr-CA" });
    expect(xml).toContain('Dupont &amp; fils &lt;"bienvenue"&gt;');
  });
});

describe("wait and hold TwiML", () => {
  it("the queue's wait document holds the 0 / 1 menu in a one-key <Gather>, then music", () => {
    expect(lines(waitTwiml({ menu: true, gatherUrl: `${BASE}/gather?callId=${CALL}&t=0`, musicUrl: MUSIC }))).toMatchInlineSnapshot(`
      "<?xml version="1.0" encoding="UTF-8"?>
      <Response>
      <Gather numDigits="1" action="https://relais.example.test/api/webhooks/twilio/voice/gather?callId=6c1d3e0a-1b2c-4d5e-8f90-123456789abc&amp;t=0" method="POST" timeout="1">
      <Say language="fr-CA">Pour laisser un message, faites le 0. Pour recevoir un texto et être rappelé, faites le 1.</Say>
      <Say language="en-CA">To leave a message, press 0. To get a text and a call back, press 1.</Say>
      <Play>https://music.example.test/hold.mp3</Play>
      </Gather>
      </Response>"
    `);
  });

  it("a hidden or emergency caller gets music only", () => {
    expect(lines(waitTwiml({ menu: false, gatherUrl: `${BASE}/gather?callId=${CALL}&t=0`, musicUrl: MUSIC }))).toMatchInlineSnapshot(`
      "<?xml version="1.0" encoding="UTF-8"?>
      <Response>
      <Play>https://music.example.test/hold.mp3</Play>
      </Response>"
    `);
  });

  it("hold and park music is a looped <Play>", () => {
    expect(lines(holdTwiml(MUSIC))).toMatchInlineSnapshot(`
      "<?xml version="1.0" encoding="UTF-8"?>
      <Response>
      <Play loop="0">https://music.example.test/hold.mp3</Play>
      </Response>"
    `);
  });
});

describe("room TwiML", () => {
  const room = {
    room: `call-${CALL}`,
    conferenceStatusUrl: `${BASE}/conference-status?callId=${CALL}`,
    waitUrl: `${BASE}/hold?music=hold`,
  };

  it("a staff leg joins labelled by user id, never ending the room when it leaves", () => {
    expect(lines(staffJoinTwiml({ ...room, userId: USER }))).toMatchInlineSnapshot(`
      "<?xml version="1.0" encoding="UTF-8"?>
      <Response>
      <Dial>
      <Conference participantLabel="staff-3f2b8c1e-9a4d-4c6b-8e7f-0a1b2c3d4e5f" startConferenceOnEnter="true" endConferenceOnExit="false" beep="false" waitUrl="https://relais.example.test/api/webhooks/twilio/voice/hold?music=hold" waitMethod="POST" statusCallback="https://relais.example.test/api/webhooks/twilio/voice/conference-status?callId=6c1d3e0a-1b2c-4d5e-8f90-123456789abc" statusCallbackMethod="POST" statusCallbackEvent="start end join leave hold">call-6c1d3e0a-1b2c-4d5e-8f90-123456789abc</Conference>
      </Dial>
      </Response>"
    `);
  });

  it("the caller joins labelled customer, waits with music, and ends the room on leaving", () => {
    expect(lines(roomTwiml({ ...room, label: "customer" }))).toMatchInlineSnapshot(`
      "<?xml version="1.0" encoding="UTF-8"?>
      <Response>
      <Dial>
      <Conference participantLabel="customer" startConferenceOnEnter="false" endConferenceOnExit="true" beep="false" waitUrl="https://relais.example.test/api/webhooks/twilio/voice/hold?music=hold" waitMethod="POST" statusCallback="https://relais.example.test/api/webhooks/twilio/voice/conference-status?callId=6c1d3e0a-1b2c-4d5e-8f90-123456789abc" statusCallbackMethod="POST" statusCallbackEvent="start end join leave hold">call-6c1d3e0a-1b2c-4d5e-8f90-123456789abc</Conference>
      </Dial>
      </Response>"
    `);
  });

  it("an outside transfer number joins labelled external and leaves the room to the caller", () => {
    const xml = roomTwiml({ ...room, label: "external" });
    expect(xml).toContain('participantLabel="external"');
    expect(xml).toContain('startConferenceOnEnter="true"');
    expect(xml).toContain('endConferenceOnExit="false"');
  });
});

describe("other TwiML", () => {
  it("an emergency call dials the number directly with the team's caller id, no conference", () => {
    const xml = emergencyTwiml({ to: "911", callerId: "+15145550100", statusUrl: `${BASE}/status?callId=${CALL}&leg=customer` });
    expect(lines(xml)).toMatchInlineSnapshot(`
      "<?xml version="1.0" encoding="UTF-8"?>
      <Response>
      <Dial callerId="+15145550100">
      <Number statusCallback="https://relais.example.test/api/webhooks/twilio/voice/status?callId=6c1d3e0a-1b2c-4d5e-8f90-123456789abc&amp;leg=customer" statusCallbackMethod="POST" statusCallbackEvent="initiated ringing answered completed">911</Number>
      </Dial>
      </Response>"
    `);
    expect(xml).not.toContain("Conference");
  });

  it("voicemail, goodbye, callback confirmation, apology and redirect", () => {
    expect(
      lines(voicemailTwiml({ recordingActionUrl: `${BASE}/recording?step=action`, recordingStatusUrl: `${BASE}/recording?step=status` })),
    ).toMatchInlineSnapshot(`
      "<?xml version="1.0" encoding="UTF-8"?>
      <Response>
      <Say language="fr-CA">Laissez votre message après le signal sonore.</Say>
      <Say language="en-CA">Please leave your message after the tone.</Say>
      <Record maxLength="120" playBeep="true" finishOnKey="#" action="https://relais.example.test/api/webhooks/twilio/voice/recording?step=action" method="POST" recordingStatusCallback="https://relais.example.test/api/webhooks/twilio/voice/recording?step=status" recordingStatusCallbackMethod="POST" recordingStatusCallbackEvent="completed absent"/>
      </Response>"
    `);
    expect(lines(sayThenHangupTwiml("voice-prompt.callback"))).toMatchInlineSnapshot(`
      "<?xml version="1.0" encoding="UTF-8"?>
      <Response>
      <Say language="fr-CA">Merci. Nous vous enverrons un texto et vous rappellerons dès que possible. Au revoir.</Say>
      <Say language="en-CA">Thank you. We will text you and call you back as soon as possible. Goodbye.</Say>
      <Hangup/>
      </Response>"
    `);
    expect(lines(apologyTwiml())).toMatchInlineSnapshot(`
      "<?xml version="1.0" encoding="UTF-8"?>
      <Response>
      <Say language="fr-CA">Désolé, un problème technique nous empêche de prendre votre appel. Veuillez rappeler plus tard.</Say>
      <Say language="en-CA">Sorry, a technical problem prevents us from taking your call. Please call again later.</Say>
      <Hangup/>
      </Response>"
    `);
    expect(redirectTwiml(`${BASE}/wait?callId=${CALL}&menu=1`)).toContain(
      `<Redirect method="POST">${BASE}/wait?callId=${CALL}&amp;menu=1</Redirect>`,
    );
  });
});

describe("the 13238 rule: what a caller may hear while waiting or held", () => {
  const doc = (inner: string) => `<?xml version="1.0" encoding="UTF-8"?><Response>${inner}</Response>`;

  it("accepts Say, Play, Pause and Redirect in a conference hold document, SSML inside Say included", () => {
    expect(
      waitDocumentProblems(
        doc('<Say>Un instant<break time="1s"/></Say><Play>x.mp3</Play><Pause length="2"/><Redirect>u</Redirect>'),
        "conference-hold",
      ),
    ).toEqual([]);
  });

  it("refuses Gather, Dial, Record, Hangup, Enqueue in a conference hold document", () => {
    for (const verb of [
      '<Gather numDigits="1"><Say>x</Say></Gather>',
      "<Dial>+15145550100</Dial>",
      "<Record/>",
      "<Hangup/>",
      "<Enqueue>q</Enqueue>",
    ]) {
      const problems = waitDocumentProblems(doc(`<Play>x.mp3</Play>${verb}`), "conference-hold");
      expect(problems, verb).toHaveLength(1);
      expect(problems[0]).toMatch(/^13238: <\w+> is not allowed/);
      expect(() => checkedWaitDocument(doc(verb), "conference-hold")).toThrow(/13238/);
    }
  });

  it("accepts a Gather menu in a queue's wait document, but not a Dial or a Record, nor a Gather holding a Dial", () => {
    expect(waitDocumentProblems(doc('<Gather numDigits="1"><Say>0 ou 1</Say><Play>x.mp3</Play></Gather><Leave/>'), "queue-wait")).toEqual(
      [],
    );
    expect(waitDocumentProblems(doc("<Dial>+15145550100</Dial><Record/>"), "queue-wait")).toEqual([
      "<Dial> is not allowed in a queue's wait URL",
      "<Record> is not allowed in a queue's wait URL",
    ]);
    expect(waitDocumentProblems(doc("<Gather><Dial>+15145550100</Dial></Gather>"), "queue-wait")).toEqual([
      "<Dial> is not allowed inside <Gather>",
    ]);
  });

  it("refuses what is not one Response, and broken nesting", () => {
    expect(waitDocumentProblems("<Play>x.mp3</Play>", "conference-hold")).toEqual(["the document is not one <Response>"]);
    expect(() => waitDocumentProblems("<Response><Say>x</Play></Response>", "conference-hold")).toThrow();
    expect(() => waitDocumentProblems("<Response><Say>x", "conference-hold")).toThrow();
  });

  it("every wait and hold document Relais builds passes", () => {
    expect(waitDocumentProblems(holdTwiml(MUSIC), "conference-hold")).toEqual([]);
    expect(waitDocumentProblems(waitTwiml({ menu: true, gatherUrl: "g", musicUrl: MUSIC }), "queue-wait")).toEqual([]);
    expect(waitDocumentProblems(waitTwiml({ menu: false, gatherUrl: "g", musicUrl: MUSIC }), "queue-wait")).toEqual([]);
  });
});
