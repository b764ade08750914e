import { idParams } from "../contracts/common.ts";
import { surveySettings, threadSurvey, updateSurveySettingsRequest } from "../contracts/surveys.ts";
import { endpoint } from "./endpoint.ts";

export const surveysEndpoints = {
  settings: endpoint({
    method: "GET",
    path: "/organizations/:id/satisfaction-survey",
    summary: "Defaults, disabled, when never saved; `abilities.update`",
    access: {},
    who: "signed in (own organisation, else 404)",
    params: idParams,
    response: surveySettings,
  }),
  updateSettings: endpoint({
    method: "PUT",
    path: "/organizations/:id/satisfaction-survey",
    summary: "1 to 3 questions, score 1–5 or text; only {{firstName}}, {{lastName}}, {{organizationName}}; audit log",
    access: { role: "admin" },
    params: idParams,
    body: updateSurveySettingsRequest,
    response: surveySettings,
  }),
  threadSurvey: endpoint({
    method: "GET",
    path: "/messaging/v1/threads/:id/survey",
    summary: "The open run, else the latest; `startable`: yes, disabled, no-contact, running",
    access: {},
    who: "member of the thread's team",
    params: idParams,
    response: threadSurvey,
  }),
  start: endpoint({
    method: "POST",
    path: "/messaging/v1/threads/:id/survey",
    summary: "First question texted; 409 `error.survey-disabled`, `error.survey-needs-contact`, `error.survey-in-progress`",
    access: {},
    who: "member of the thread's team",
    params: idParams,
    response: threadSurvey,
    status: 201,
  }),
  stop: endpoint({
    method: "DELETE",
    path: "/messaging/v1/threads/:id/survey",
    summary: "Stopped, answers so far recorded; else 409 `error.survey-not-running`",
    access: {},
    who: "member of the thread's team",
    params: idParams,
    response: threadSurvey,
  }),
};
