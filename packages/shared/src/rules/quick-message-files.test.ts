import { describe, expect, it } from "vitest";
import { quickMessageFileProblem } from "./quick-message-files.ts";

describe("quick message files (spec part 2 §5)", () => {
  it("refuses a document together with attachments", () => {
    expect(quickMessageFileProblem({ document: true, attachments: 1, textOnly: false })).toBe("error.document-and-attachment");
    expect(quickMessageFileProblem({ document: true, attachments: 0, textOnly: false })).toBeNull();
    expect(quickMessageFileProblem({ document: false, attachments: 3, textOnly: false })).toBeNull();
  });

  it("refuses a quick message with a file where only text is sent", () => {
    expect(quickMessageFileProblem({ document: true, attachments: 0, textOnly: true })).toBe("error.quick-message-with-attachment");
    expect(quickMessageFileProblem({ document: false, attachments: 0, textOnly: true })).toBeNull();
  });
});
