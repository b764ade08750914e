// Screen group "agenda" (loaded on demand): the agenda and the members' availabilities.
export { AgendaPage } from "../../features/agenda/agenda-page.tsx";
export { AvailabilitiesPage } from "../../features/agenda/availabilities-page.tsx";
