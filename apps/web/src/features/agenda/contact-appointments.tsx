import { Anchor, Badge, Group, Stack, Text } from "@mantine/core";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import { PanelSection } from "../contacts/panel-section.tsx";
import { useContactAppointments } from "./api.ts";
import { useDates } from "../../ui/dates.ts";

/** The contact's appointments in the contact panel, latest first; each opens the agenda on its day. */
export function ContactAppointments({ contactId }: { contactId: string }) {
  const intl = useIntl();
  const dates = useDates();
  const appointments = useContactAppointments(contactId);
  const list = appointments.data ?? [];
  return (
    <PanelSection
      title={<FormattedMessage id="agenda.contact.title" />}
      testId="contact-appointments"
      action={
        <Anchor component={Link} to="/agenda" size="sm">
          <FormattedMessage id="agenda.contact.open-agenda" />
        </Anchor>
      }
    >
      <Stack gap={6}>
        {appointments.isSuccess && list.length === 0 ? (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="agenda.contact.empty" />
          </Text>
        ) : null}
        {list.map((a) => (
          <Group key={a.id} gap="xs" wrap="nowrap" data-appointment={a.id}>
            <Anchor
              component={Link}
              to={`/agenda?date=${a.date}&member=${a.memberId}`}
              size="sm"
              td={a.status === "cancelled" ? "line-through" : undefined}
            >
              {dates.date(a.date)} {a.start}
            </Anchor>
            <Text size="sm" c="dimmed" truncate>
              {a.serviceLabel} ·{" "}
              <Anchor
                component={Link}
                to={`/members/${a.memberId}/availabilities`}
                inherit
                c="dimmed"
                underline="always"
                aria-label={intl.formatMessage({ id: "agenda.contact.member-availabilities" }, { name: a.memberName })}
              >
                {a.memberName}
              </Anchor>
            </Text>
            {a.status === "cancelled" ? (
              <Badge size="xs" color="gray" variant="light">
                <FormattedMessage id="agenda.appointment.status.cancelled" />
              </Badge>
            ) : null}
          </Group>
        ))}
      </Stack>
    </PanelSection>
  );
}
