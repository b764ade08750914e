import { Anchor, Box } from "@mantine/core";
import { FormattedMessage } from "react-intl";
import { Link } from "react-router";
import { usePolicy } from "../../app/session/session.tsx";
import { PageContainer, PageHeader } from "../../ui/page.tsx";
import { ImportContactsFlow } from "./import-flow.tsx";

/** /contacts/import: the import on a page of its own (the same flow as the contacts screen's dialog). */
export function ContactImportPage() {
  const admin = usePolicy().importContacts;
  return (
    <PageContainer wide>
      <PageHeader
        title={<FormattedMessage id="import.page-title" />}
        actions={
          <Anchor component={Link} to="/contacts" size="sm">
            <FormattedMessage id="nav.contacts" />
          </Anchor>
        }
      />
      <Box bg="white" p="lg" style={{ border: "1px solid var(--mantine-color-gray-3)", borderRadius: 12 }}>
        {admin ? <ImportContactsFlow /> : <FormattedMessage id="error.forbidden" />}
      </Box>
    </PageContainer>
  );
}
