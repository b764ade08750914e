import { idParams, okResponse } from "../contracts/common.ts";
import {
  audioRecording,
  greeting,
  greetingParams,
  greetingSet,
  greetingsQuery,
  recordingFileQuery,
  recordingLength,
  recordingLengthQuery,
  saveGreetingRequest,
  signedRecordingParams,
  signedRecordingQuery,
  transferExtension,
  transferExtensionList,
  transferExtensionRequest,
} from "../contracts/voice-settings.ts";
import { endpoint } from "./endpoint.ts";

/**
 * Voice settings (issue 13 §2–§3, decision 0037): transfer extensions and greetings per period.
 * The spec names `GET transfer-extension` and the two recordings reads; the writes, the greeting
 * routes and the signed link are named here in the same style (spec part 2 §7: "voicemail …
 * extension calls are not shown").
 */
export const voiceSettingsEndpoints = {
  transferExtensions: endpoint({
    method: "GET",
    path: "/transfer-extension",
    summary:
      "The organisation's transfer extensions, by name; 403 `error.tier-forbidden` without tier permission 2, `error.ext-transfer-disabled` while the organisation's `enableExtTransfer` is off",
    access: { tier: "transferToExtensions" },
    who: "signed in (staff who may transfer a call)",
    response: transferExtensionList,
  }),
  createTransferExtension: endpoint({
    method: "POST",
    path: "/transfer-extension",
    summary:
      "Adds an extension: name, number (any formatting, stored E.164; 400 `validation.phone`), 0–3 digits dialled after answer; 409 `error.transfer-extension-exists` for a name already used; same gates as the list",
    access: { role: "admin", tier: "transferToExtensions" },
    body: transferExtensionRequest,
    response: transferExtension,
    status: 201,
  }),
  updateTransferExtension: endpoint({
    method: "PUT",
    path: "/transfer-extension/:id",
    summary: "Changes an extension; same rules as adding one",
    access: { role: "admin", tier: "transferToExtensions" },
    params: idParams,
    body: transferExtensionRequest,
    response: transferExtension,
  }),
  removeTransferExtension: endpoint({
    method: "DELETE",
    path: "/transfer-extension/:id",
    summary: "Deletes an extension",
    access: { role: "admin", tier: "transferToExtensions" },
    params: idParams,
    response: okResponse,
  }),
  greetings: endpoint({
    method: "GET",
    path: "/voice/v1/greetings",
    summary:
      "A team's greetings per period (OPEN, CLOSE, BREAK, VACATION), or the organisation's defaults without `teamId`, with `abilities.update`",
    access: {},
    who: "signed in (staff see every team)",
    query: greetingsQuery,
    response: greetingSet,
  }),
  saveGreeting: endpoint({
    method: "PUT",
    path: "/voice/v1/greetings/:period",
    summary:
      "Sets one period's greeting: FILE / RECORDING with an uploaded recording (`audioId`), TTS with text and language; enabled or not; 400 `validation.greeting-audio`, `validation.required`",
    access: {},
    who: "a team's greetings: its administrators or an organisation administrator; the defaults: an organisation administrator",
    params: greetingParams,
    body: saveGreetingRequest,
    response: greeting,
  }),
  uploadRecording: endpoint({
    method: "POST",
    path: "/voice/v1/recordings",
    summary:
      "One audio file, field `file`: mp3 or wav read from the bytes (400 `error.audio-type`, `error.audio-unreadable`), at most 2 MB (400 `error.media-size`); its length is computed by the server",
    access: {},
    who: "an administrator of the organisation or of a team, rate limited per person",
    bodyKind: "multipart",
    response: audioRecording,
    status: 201,
  }),
  recordingFile: endpoint({
    method: "GET",
    path: "/voice/v1/recordings",
    summary: "The bytes of a recording (`url`: its id), `Content-Type` audio/mpeg or audio/wav; 404 otherwise",
    access: {},
    who: "staff of the organisation",
    query: recordingFileQuery,
    answer: "file",
  }),
  recordingLength: endpoint({
    method: "GET",
    path: "/voice/v1/recordings/length",
    summary: "A recording's length in seconds, computed from its bytes at upload; 404 for an unknown id (the web counts any failure as 0)",
    access: {},
    who: "staff of the organisation",
    query: recordingLengthQuery,
    response: recordingLength,
  }),
  signedRecording: endpoint({
    method: "GET",
    path: "/voice/v1/recordings/signed/:id",
    summary: "A greeting's bytes for the carrier (Twilio's `<Play>`); 403 `error.invalid-signature` / `error.link-expired`",
    access: { public: true },
    who: "public, signed link, rate limited",
    params: signedRecordingParams,
    query: signedRecordingQuery,
    answer: "file",
  }),
};
