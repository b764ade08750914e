import { Suspense, useState } from "react";
import { Button, Modal } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { CataloguePart } from "../../app/i18n/catalogue-part.tsx";
import { usePolicy } from "../../app/session/session.tsx";
import { ImportContactsFlow } from "./import-flow.tsx";

/**
 * "Import contacts": a button opening the import in a dialog, for administrators only (the
 * server refuses anyone else). Self-contained, to sit in the contacts screen's header.
 */
export function ImportContactsButton() {
  const policy = usePolicy();
  if (!policy.importContacts) return null;
  // The import's texts are a deferred part of the catalogue (vite.config.ts): the button shows once they are here.
  return (
    <Suspense fallback={null}>
      <CataloguePart part="import">
        <ImportButton />
      </CataloguePart>
    </Suspense>
  );
}

function ImportButton() {
  const intl = useIntl();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="light" leftSection={<IconUpload size={16} />} onClick={() => setOpened(true)} fullWidth>
        <FormattedMessage id="import.open" />
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={intl.formatMessage({ id: "import.page-title" })}
        size="90%"
        closeOnClickOutside={false}
      >
        {/* Mounted only while open: each opening starts from the file picker. */}
        {opened ? <ImportContactsFlow onDone={() => setOpened(false)} /> : null}
      </Modal>
    </>
  );
}
