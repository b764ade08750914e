/**
 * The agenda module's public face: its routes, the rule that keeps a contact with a booked
 * appointment (app.ts hands it to the contacts module, which runs it before a deletion), and
 * booking and availabilities for the demo seed.
 */

/** Availabilities, the agenda, appointments, a contact's appointments (app.ts). */
export { agendaRoutes } from "./routes.ts";

/** A contact with a booked appointment stays: 409 error.contact-has-appointment (contacts' deletion). */
export { refuseDeletingBookedContact } from "./service.ts";

/** A member's week and an appointment, written as staff would (the demo seed). */
export { createAppointment, replaceAvailabilities } from "./service.ts";
