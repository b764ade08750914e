// Screen group "contacts" (loaded on demand): the contact list and the contact import.
export { ContactsPage } from "../../features/contacts/contacts-page.tsx";
export { ContactImportPage } from "../../features/contact-import/contact-import-page.tsx";
