/**
 * The surveys module's public face: its routes, the survey flow's steps that messaging runs
 * (app.ts wires them), its jobs, and the survey the demo seed fills.
 */

/** The survey settings, and sending a survey from a thread (app.ts). */
export { surveySettingsRoutes, threadSurveyRoutes } from "./routes.ts";

/** An after-inbound step (the contact's answer), the hold on the number, and the survey's jobs. */
export { answerSurvey, surveyHold, surveyTasks } from "./flow.ts";

/** The default survey and past runs of it (the demo seed). */
export { DEFAULT_SURVEY } from "./presenter.ts";
export { filledDefaultSurvey, storePastSurveyRun } from "./history.ts";
