import { Button, Group, SegmentedControl, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { FormattedMessage, useIntl } from "react-intl";
import { z } from "zod";
import {
  SIGNATURE_MODES,
  updateSignatureRequest,
  updateUserSignatureRequest,
  type SignatureMode,
  type SignatureSettings as Settings,
} from "@relais/shared";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { Section } from "../../ui/page.tsx";
import { useSchemaForm } from "../../ui/schema-form.ts";
import { useSaveSignature, useSignature } from "./api.ts";

/**
 * The signature appended to texts (spec part 2 §3): administrators choose the organisation's mode
 * (none, clinic, user, personalised); everyone writes their own line for the "user" mode.
 */
export function SignatureSettings() {
  const signature = useSignature();
  return (
    <Section title={<FormattedMessage id="signature.title" />} description={<FormattedMessage id="signature.description" />}>
      {signature.data ? <SignatureForm key={signature.dataUpdatedAt} settings={signature.data} /> : <Skeleton height={120} />}
    </Section>
  );
}

/** The form sends two requests: the caller's own line, and (administrators) the organisation's mode. */
const signatureForm = z.object({ user: updateUserSignatureRequest, organization: updateSignatureRequest });

function SignatureForm({ settings }: { settings: Settings }) {
  const intl = useIntl();
  const alerts = useAlerts();
  const save = useSaveSignature();
  const { form, submit, showServerErrors } = useSchemaForm({
    schema: signatureForm,
    initialValues: {
      user: { text: settings.userSignature },
      organization: { mode: settings.mode, personalizedText: settings.personalizedText },
    },
  });
  const { organization } = form.getValues();

  const send = async ({ user, organization: next }: z.infer<typeof signatureForm>): Promise<void> => {
    let part = "user";
    try {
      if (user.text !== settings.userSignature) await save.mutateAsync({ userLine: user.text });
      part = "organization";
      if (settings.abilities.update && (next.mode !== settings.mode || next.personalizedText !== settings.personalizedText)) {
        await save.mutateAsync({ organization: next });
      }
      alerts.success("signature.saved");
    } catch (error) {
      showServerErrors(error, part);
      alerts.apiError(error);
    }
  };

  return (
    <form noValidate onSubmit={submit((request) => void send(request))}>
      <Stack gap="md">
        {settings.abilities.update ? (
          <>
            <div>
              <Text size="sm" fw={500} mb={4}>
                <FormattedMessage id="signature.mode" />
              </Text>
              <SegmentedControl
                {...form.getInputProps("organization.mode")}
                data={SIGNATURE_MODES.map((m: SignatureMode) => ({ value: m, label: intl.formatMessage({ id: `signature.${m}` }) }))}
              />
            </div>
            {organization.mode === "personalized-signature" ? (
              <TextInput
                label={intl.formatMessage({ id: "signature.personalized" })}
                {...form.getInputProps("organization.personalizedText")}
              />
            ) : null}
          </>
        ) : null}
        <TextInput
          label={intl.formatMessage({ id: "signature.user-line" })}
          description={intl.formatMessage({ id: "signature.user-line-hint" })}
          {...form.getInputProps("user.text")}
        />
        <Group justify="space-between">
          <Text size="sm" c="dimmed" data-testid="signature-effective">
            {settings.effective ? (
              <FormattedMessage id="signature.effective" values={{ line: settings.effective }} />
            ) : (
              <FormattedMessage id="signature.none" />
            )}
          </Text>
          <Button type="submit" loading={save.isPending}>
            <FormattedMessage id="signature.save" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
