import { useState } from "react";
import { useSearchParams } from "react-router";
import { FormattedMessage } from "react-intl";
import { IconAddressBook } from "@tabler/icons-react";
import { EmptyState } from "../../ui/empty-state.tsx";
import { ContactFormDialog } from "./contact-form-dialog.tsx";
import { ContactList } from "./contact-list.tsx";
import { ContactPanel } from "./contact-panel.tsx";
import classes from "./contacts.module.css";

/**
 * /contacts (spec part 2 §3): the list on the left, the open contact (`?contact=<id>`, so a
 * conversation can link to it) on the right. `?new=<number>` opens the form with that number.
 */
export function ContactsPage() {
  const [params, setParams] = useSearchParams();
  const openId = params.get("contact");
  const newPhone = params.get("new");
  const [creating, setCreating] = useState(false);

  const open = (id: string | null): void => {
    const next = new URLSearchParams(params);
    next.delete("new");
    if (id) {
      next.set("contact", id);
    } else {
      next.delete("contact");
    }
    setParams(next);
  };

  return (
    <div className={classes.page}>
      <ContactList
        openId={openId}
        onOpen={open}
        onNew={() => {
          setCreating(true);
        }}
      />
      {openId ? (
        <ContactPanel
          key={openId}
          id={openId}
          onClose={() => {
            open(null);
          }}
        />
      ) : (
        <div className={classes.empty}>
          <EmptyState
            icon={<IconAddressBook />}
            title={<FormattedMessage id="contacts.none-selected.title" />}
            description={<FormattedMessage id="contacts.none-selected.hint" />}
          />
        </div>
      )}
      <ContactFormDialog
        opened={creating || newPhone !== null}
        phone={newPhone ?? undefined}
        onClose={() => {
          setCreating(false);
          if (newPhone !== null) {
            const next = new URLSearchParams(params);
            next.delete("new");
            setParams(next);
          }
        }}
        onSaved={(created) => {
          open(created.id);
        }}
      />
    </div>
  );
}
