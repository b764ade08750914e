import { useState } from "react";
import { Modal, NativeSelect, PasswordInput, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { FormattedMessage, useIntl } from "react-intl";
import { createUserRequest, updateUserRequest, type ProfileLocale, type Role, type TeamRole, type UserSummary } from "@relais/shared";
import { usePolicy, useSession } from "../../app/session/session.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { isSelfDemotion } from "./self-demotion.ts";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { SkeletonRows } from "../../ui/loaders.tsx";
import { useSchemaForm } from "../../ui/schema-form.ts";
import { PasswordRules } from "../auth/password-rules.tsx";
import { ROLE_LABELS } from "./labels.ts";
import { LocaleSelect } from "./locale-select.tsx";
import { MemberPicker } from "../teams/member-picker.tsx";
import { useCreateUser, useUpdateUser } from "./api.ts";
import { useAllTeams } from "../teams/api.ts";
import { DialogActions } from "../../ui/dialog-actions.tsx";

/** Roles the signed-in person may hand out, as the server listed them: never one above their own. */
function useRoleOptions() {
  const intl = useIntl();
  return usePolicy().assignableRoles.map((r) => ({
    value: r,
    label: intl.formatMessage({ id: ROLE_LABELS[r] }),
  }));
}

export function CreateUserDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const intl = useIntl();
  return (
    <Modal opened={opened} onClose={onClose} title={intl.formatMessage({ id: "config.users.create-title" })} size="lg">
      {opened ? <CreateUserForm onClose={onClose} /> : null}
    </Modal>
  );
}

type NewUserValues = {
  name: string;
  email: string;
  role: Role;
  locale: ProfileLocale;
  password: string;
  /** Team id → the role in that team; sent as the request's `teams` list. */
  memberships: Record<string, TeamRole>;
};

const NEW_USER: NewUserValues = { name: "", email: "", role: "user", locale: "fr-CA", password: "", memberships: {} };

function CreateUserForm({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const alerts = useAlerts();
  const teams = useAllTeams();
  const create = useCreateUser();
  const roleOptions = useRoleOptions();
  const { form, submit, showServerErrors } = useSchemaForm({
    schema: createUserRequest,
    initialValues: NEW_USER,
    toRequest: ({ memberships, ...values }) => ({
      ...values,
      teams: Object.entries(memberships).map(([id, teamRole]) => ({ id, teamRole })),
    }),
  });
  const values = form.getValues();

  const save = submit((request) => {
    create.mutate(request, {
      onSuccess: (user) => {
        alerts.success("config.users.created", { name: user.name });
        onClose();
      },
      onError: (error) => {
        showServerErrors(error);
        alerts.apiError(error);
      },
    });
  });

  return (
    <form onSubmit={save} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={2}>
          <TextInput label={intl.formatMessage({ id: "config.users.name" })} required {...form.getInputProps("name")} data-autofocus />
          <TextInput label={intl.formatMessage({ id: "config.users.email" })} type="email" required {...form.getInputProps("email")} />
          <NativeSelect label={intl.formatMessage({ id: "config.users.role" })} data={roleOptions} {...form.getInputProps("role")} />
          <LocaleSelect
            label="config.users.locale"
            value={values.locale}
            onChange={(locale) => {
              form.setFieldValue("locale", locale);
            }}
          />
        </SimpleGrid>
        <div>
          <PasswordInput
            label={intl.formatMessage({ id: "config.users.first-password" })}
            description={intl.formatMessage({ id: "config.users.first-password-hint" })}
            autoComplete="new-password"
            required
            {...form.getInputProps("password")}
            error={form.errors["password"] ? intl.formatMessage({ id: "auth.reset.follow-rules" }) : undefined}
            visibilityToggleButtonProps={{ "aria-label": intl.formatMessage({ id: "auth.toggle-password" }) }}
            mb="xs"
          />
          <PasswordRules password={values.password} />
        </div>
        <div>
          <Text size="sm" fw={600}>
            <FormattedMessage id="config.users.teams" />
          </Text>
          <Text size="xs" c="dimmed" mb={6}>
            <FormattedMessage id="config.users.teams-hint" />
          </Text>
          {teams.isPending ? (
            <SkeletonRows rows={3} height={36} />
          ) : (
            <MemberPicker
              items={(teams.data ?? []).map((t) => ({ id: t.id, label: t.label }))}
              value={values.memberships}
              onChange={(memberships) => {
                form.setFieldValue("memberships", memberships);
              }}
              roleLabel="config.users.role-in"
              error={form.errors["teams"]}
            />
          )}
        </div>
        <DialogActions onCancel={onClose} pending={create.isPending} submit={<FormattedMessage id="config.users.create-submit" />} />
      </Stack>
    </form>
  );
}

export function EditUserDialog({ user, onClose }: { user: UserSummary | null; onClose: () => void }) {
  const intl = useIntl();
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title={intl.formatMessage({ id: "config.users.edit-title" }, { name: user?.name ?? "" })}
    >
      {user ? <EditUserForm key={user.id} user={user} onClose={onClose} /> : null}
    </Modal>
  );
}

function EditUserForm({ user, onClose }: { user: UserSummary; onClose: () => void }) {
  const intl = useIntl();
  const alerts = useAlerts();
  const update = useUpdateUser();
  const roleOptions = useRoleOptions();
  const { profile } = useSession();
  const { form, submit, showServerErrors } = useSchemaForm({
    schema: updateUserRequest,
    initialValues: { name: user.name, role: user.role },
  });
  /** The checked input waiting for the person to confirm lowering her own role. */
  const [confirming, setConfirming] = useState<{ name?: string; role?: Role } | null>(null);
  // A role above the editor's own is shown as is, but cannot be picked for anyone else.
  const options = roleOptions.some((o) => o.value === user.role)
    ? roleOptions
    : [...roleOptions, { value: user.role, label: intl.formatMessage({ id: ROLE_LABELS[user.role] }) }];

  const check = submit((request) => {
    if (request.role !== undefined && isSelfDemotion(profile.id, user, request.role)) {
      setConfirming(request);
      return;
    }
    void save(request);
  });

  const save = async (data: { name?: string; role?: Role }): Promise<void> => {
    try {
      await update.mutateAsync({ id: user.id, ...data });
      alerts.success("config.saved");
      onClose();
    } catch (error) {
      showServerErrors(error);
      alerts.apiError(error);
    }
  };

  return (
    <form onSubmit={check} noValidate>
      <Stack gap="md">
        <TextInput label={intl.formatMessage({ id: "config.users.name" })} required {...form.getInputProps("name")} data-autofocus />
        <NativeSelect label={intl.formatMessage({ id: "config.users.role" })} data={options} {...form.getInputProps("role")} />
        <DialogActions onCancel={onClose} pending={update.isPending} submit={<FormattedMessage id="common.save" />} />
      </Stack>
      <ConfirmDialog
        opened={confirming !== null}
        onClose={() => {
          setConfirming(null);
        }}
        title={<FormattedMessage id="config.users.demote-self.title" />}
        message={
          <FormattedMessage
            id="config.users.demote-self.message"
            values={{ role: intl.formatMessage({ id: ROLE_LABELS[confirming?.role ?? user.role] }) }}
          />
        }
        confirmLabel={<FormattedMessage id="config.users.demote-self.confirm" />}
        onConfirm={() => (confirming ? save(confirming) : Promise.resolve())}
      />
    </form>
  );
}
