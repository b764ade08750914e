/**
 * The verbs Twilio accepts in a document it plays while a caller waits. A conference's waitUrl,
 * a participant's holdUrl and announceUrl take only Say, Play, Pause and Redirect (error 13238:
 * anything else and the caller hears an error). The `<Enqueue waitUrl>` document takes a few
 * more, Gather among them, which is how the waiting caller's 0 / 1 menu works.
 */
const ALLOWED = {
  "conference-hold": ["Say", "Play", "Pause", "Redirect"],
  "queue-wait": ["Say", "Play", "Pause", "Redirect", "Hangup", "Leave", "Gather"],
} as const;

export type WaitDocumentKind = keyof typeof ALLOWED;

/** What a `<Gather>` may hold. */
const INSIDE_GATHER = ["Say", "Play", "Pause"];

/** The element tree of a TwiML document, as far as verbs go: names and children, no attributes or text. */
type Element = { name: string; children: Element[] };

/** Reads the elements of a TwiML document (the SDK's own output or a recorded one); throws on broken nesting. */
function elementsOf(xml: string): Element {
  const root: Element = { name: "#document", children: [] };
  const stack: Element[] = [root];
  for (const m of xml.matchAll(/<(\/?)([A-Za-z][\w:.-]*)[^>]*?(\/?)>/g)) {
    const [, closing, name = "", selfClosing] = m;
    const parent = stack[stack.length - 1] as Element;
    if (closing) {
      if (parent.name !== name) throw new Error(`TwiML: </${name}> closes <${parent.name}>`);
      stack.pop();
      continue;
    }
    const element: Element = { name, children: [] };
    parent.children.push(element);
    if (!selfClosing) stack.push(element);
  }
  if (stack.length !== 1) throw new Error("TwiML: an element is never closed");
  return root;
}

/**
 * What is wrong with a wait or hold document, as Twilio would see it; empty when it plays. SSML
 * inside `<Say>` is the speech's own markup, not a verb, and is not looked at.
 */
export function waitDocumentProblems(xml: string, kind: WaitDocumentKind): string[] {
  const root = elementsOf(xml);
  const [response, ...others] = root.children;
  if (!response || response.name !== "Response" || others.length > 0) return ["the document is not one <Response>"];
  const allowed: readonly string[] = ALLOWED[kind];
  const problems: string[] = [];
  for (const verb of response.children) {
    if (!allowed.includes(verb.name)) {
      problems.push(
        kind === "conference-hold"
          ? `13238: <${verb.name}> is not allowed in a conference wait or hold URL`
          : `<${verb.name}> is not allowed in a queue's wait URL`,
      );
    } else if (verb.name === "Gather") {
      for (const inner of verb.children) {
        if (!INSIDE_GATHER.includes(inner.name)) problems.push(`<${inner.name}> is not allowed inside <Gather>`);
      }
    }
  }
  return problems;
}

/** Refuses to send a wait or hold document Twilio would reject: a bug here must fail loudly, in tests first. */
export function checkedWaitDocument(xml: string, kind: WaitDocumentKind): string {
  const problems = waitDocumentProblems(xml, kind);
  if (problems.length > 0) throw new Error(`TwiML wait document refused: ${problems.join("; ")}`);
  return xml;
}
