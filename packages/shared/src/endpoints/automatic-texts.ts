import { automaticTexts, updateAutomaticTextsRequest } from "../contracts/automatic-texts.ts";
import { idParams } from "../contracts/common.ts";
import { endpoint } from "./endpoint.ts";

export const automaticTextsEndpoints = {
  get: endpoint({
    method: "GET",
    path: "/teams/:id/automatic-texts",
    summary: "Both texts, the period in hours, `abilities.update`; defaults when never set: off, empty, 24 h",
    access: {},
    params: idParams,
    response: automaticTexts,
  }),
  update: endpoint({
    method: "PUT",
    path: "/teams/:id/automatic-texts",
    summary: "An enabled text empty → 400 `validation.automatic-message-required` on its field; audit log",
    access: { role: "admin" },
    params: idParams,
    body: updateAutomaticTextsRequest,
    response: automaticTexts,
  }),
};
