import { z } from "zod";
import {
  agenda,
  agendaQuery,
  appointment,
  availabilitiesRequest,
  createAppointmentRequest,
  memberAvailabilities,
  moveAppointmentRequest,
} from "../contracts/agenda.ts";
import { idParams } from "../contracts/common.ts";
import { endpoint } from "./endpoint.ts";

export const agendaEndpoints = {
  availabilities: endpoint({
    method: "GET",
    path: "/members/:id/availabilities",
    summary: "`canEdit`",
    access: {},
    params: idParams,
    response: memberAvailabilities,
  }),
  updateAvailabilities: endpoint({
    method: "PUT",
    path: "/members/:id/availabilities",
    summary: "The whole week; `validation.availability-overlap`, `validation.start-before-end`",
    access: {},
    who: "the member or an administrator",
    params: idParams,
    body: availabilitiesRequest,
    response: memberAvailabilities,
  }),
  view: endpoint({
    method: "GET",
    path: "/agenda",
    summary: "Members' weeks and booked appointments, at most 31 days",
    access: {},
    query: agendaQuery,
    response: agenda,
  }),
  book: endpoint({
    method: "POST",
    path: "/appointments",
    summary: "409 `error.appointment-taken`, 400 `agenda.error.outside-availability`, `agenda.error.unknown-service`",
    access: {},
    who: "signed in, not marketing",
    body: createAppointmentRequest,
    response: appointment,
    status: 201,
  }),
  move: endpoint({
    method: "PUT",
    path: "/appointments/:id",
    summary: "409 `error.appointment-taken`, `agenda.error.appointment-cancelled`",
    access: {},
    who: "signed in, not marketing",
    params: idParams,
    body: moveAppointmentRequest,
    response: appointment,
  }),
  cancel: endpoint({
    method: "POST",
    path: "/appointments/:id/cancel",
    summary: "Status cancelled; the slot is free",
    access: {},
    who: "signed in, not marketing",
    params: idParams,
    response: appointment,
  }),
  contactAppointments: endpoint({
    method: "GET",
    path: "/patients/:id/appointments",
    summary: "Latest first, cancelled included",
    access: {},
    params: idParams,
    response: z.array(appointment),
  }),
};
