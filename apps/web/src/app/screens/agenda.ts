// Screen group "agenda" (loaded on demand): the agenda, the professionals and their availabilities.
export { AgendaPage } from "../../features/agenda/agenda-page.tsx";
export { AvailabilitiesPage } from "../../features/agenda/availabilities-page.tsx";
export { MembersPage } from "../../features/agenda/members-page.tsx";
