import { Tabs } from "@mantine/core";
import {
  IconBuildingHospital,
  IconMail,
  IconMicrophone,
  IconPhoneOutgoing,
  IconUser,
  IconUsers,
  IconUsersGroup,
} from "@tabler/icons-react";
import { FormattedMessage } from "react-intl";
import { useSearchParams } from "react-router";
import { PageContainer, PageHeader } from "../../ui/page.tsx";
import { OrganizationTab } from "../../features/organizations/organization-tab.tsx";
import { TeamsTab } from "../../features/teams/teams-tab.tsx";
import { EmailTab } from "../../features/email/email-tab.tsx";
import { UsersTab } from "../../features/users/users-tab.tsx";
import { ProfileTab } from "../../features/users/profile-tab.tsx";
import { GreetingsTab } from "../../features/voice-settings/greetings-tab.tsx";
import { TransferExtensionsTab } from "../../features/voice-settings/transfer-extensions-tab.tsx";

/**
 * Values of `?configTab=`. 2 is the team email area whose `tab=1` is the email connection page
 * (spec part 1 §2: configTab=2&tab=1), kept at that address for the links other screens make.
 */
const CONFIG_TABS = {
  organization: "0",
  teams: "1",
  email: "2",
  users: "3",
  profile: "4",
  voicemail: "5",
  extensions: "6",
} as const;

const VALUES: readonly string[] = Object.values(CONFIG_TABS);

/** /configuration: organisation, teams, email, users, my profile, voicemail and transfer extensions, one tab each. */
export function ConfigurationPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get("configTab");
  const current = requested !== null && VALUES.includes(requested) ? requested : CONFIG_TABS.organization;

  const select = (value: string | null): void => {
    if (!value || value === current) {
      return;
    }
    const next = new URLSearchParams({ configTab: value });
    if (value === CONFIG_TABS.email) {
      next.set("tab", "1");
    }
    setParams(next);
  };

  return (
    <PageContainer wide>
      <PageHeader title={<FormattedMessage id="config.title" />} description={<FormattedMessage id="config.subtitle" />} />
      <Tabs value={current} onChange={select} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value={CONFIG_TABS.organization} leftSection={<IconBuildingHospital size={16} />}>
            <FormattedMessage id="config.tab.organization" />
          </Tabs.Tab>
          <Tabs.Tab value={CONFIG_TABS.teams} leftSection={<IconUsersGroup size={16} />}>
            <FormattedMessage id="config.tab.teams" />
          </Tabs.Tab>
          <Tabs.Tab value={CONFIG_TABS.email} leftSection={<IconMail size={16} />}>
            <FormattedMessage id="config.tab.email" />
          </Tabs.Tab>
          <Tabs.Tab value={CONFIG_TABS.users} leftSection={<IconUsers size={16} />}>
            <FormattedMessage id="config.tab.users" />
          </Tabs.Tab>
          <Tabs.Tab value={CONFIG_TABS.profile} leftSection={<IconUser size={16} />}>
            <FormattedMessage id="config.tab.profile" />
          </Tabs.Tab>
          <Tabs.Tab value={CONFIG_TABS.voicemail} leftSection={<IconMicrophone size={16} />}>
            <FormattedMessage id="config.tab.voicemail" />
          </Tabs.Tab>
          <Tabs.Tab value={CONFIG_TABS.extensions} leftSection={<IconPhoneOutgoing size={16} />}>
            <FormattedMessage id="config.tab.extensions" />
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value={CONFIG_TABS.organization}>
          <OrganizationTab />
        </Tabs.Panel>
        <Tabs.Panel value={CONFIG_TABS.teams}>
          <TeamsTab />
        </Tabs.Panel>
        <Tabs.Panel value={CONFIG_TABS.email}>
          <EmailTab />
        </Tabs.Panel>
        <Tabs.Panel value={CONFIG_TABS.users}>
          <UsersTab />
        </Tabs.Panel>
        <Tabs.Panel value={CONFIG_TABS.profile}>
          <ProfileTab />
        </Tabs.Panel>
        <Tabs.Panel value={CONFIG_TABS.voicemail}>
          <GreetingsTab />
        </Tabs.Panel>
        <Tabs.Panel value={CONFIG_TABS.extensions}>
          <TransferExtensionsTab />
        </Tabs.Panel>
      </Tabs>
    </PageContainer>
  );
}
