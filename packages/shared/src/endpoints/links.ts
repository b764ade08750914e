import { z } from "zod";
import { createLinkRequest, createLinkResponse } from "../contracts/links.ts";
import { endpoint } from "./endpoint.ts";

export const linksEndpoints = {
  create: endpoint({
    method: "POST",
    path: "/link/create",
    summary:
      "A short link `PUBLIC_URL/l/{code}` (base62, 7 characters; the same address twice in one organisation: the same code); 400 `validation.url` / `validation.max-length`",
    access: {},
    who: "signed in, rate limited per person",
    body: createLinkRequest,
    response: createLinkResponse,
  }),
  follow: endpoint({
    method: "GET",
    path: "/l/:code",
    summary: "Redirects a short link texted to a contact to its address; rate limited per address",
    access: { public: true },
    params: z.object({ code: z.string() }),
    answer: "redirect",
    outsideApi: true,
  }),
};
