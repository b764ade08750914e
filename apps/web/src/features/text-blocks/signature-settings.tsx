import { useState } from "react";
import { Button, Group, SegmentedControl, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { FormattedMessage, useIntl } from "react-intl";
import { SIGNATURE_MODES, type SignatureMode, type SignatureSettings as Settings } from "@relais/shared";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { Section } from "../../ui/page.tsx";
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

function SignatureForm({ settings }: { settings: Settings }) {
  const intl = useIntl();
  const alerts = useAlerts();
  const save = useSaveSignature();
  const [mode, setMode] = useState<SignatureMode>(settings.mode);
  const [personalized, setPersonalized] = useState(settings.personalizedText);
  const [userLine, setUserLine] = useState(settings.userSignature);

  const submit = async (): Promise<void> => {
    try {
      if (userLine !== settings.userSignature) await save.mutateAsync({ userLine });
      if (settings.abilities.update && (mode !== settings.mode || personalized !== settings.personalizedText)) {
        await save.mutateAsync({ organization: { mode, personalizedText: personalized } });
      }
      alerts.success("signature.saved");
    } catch (error) {
      alerts.apiError(error);
    }
  };

  return (
    <Stack gap="md">
      {settings.abilities.update ? (
        <>
          <div>
            <Text size="sm" fw={500} mb={4}>
              <FormattedMessage id="signature.mode" />
            </Text>
            <SegmentedControl
              value={mode}
              onChange={setMode}
              data={SIGNATURE_MODES.map((m) => ({ value: m, label: intl.formatMessage({ id: `signature.${m}` }) }))}
            />
          </div>
          {mode === "personalized-signature" ? (
            <TextInput
              label={intl.formatMessage({ id: "signature.personalized" })}
              value={personalized}
              onChange={(e) => {
                setPersonalized(e.currentTarget.value);
              }}
            />
          ) : null}
        </>
      ) : null}
      <TextInput
        label={intl.formatMessage({ id: "signature.user-line" })}
        description={intl.formatMessage({ id: "signature.user-line-hint" })}
        value={userLine}
        onChange={(e) => {
          setUserLine(e.currentTarget.value);
        }}
      />
      <Group justify="space-between">
        <Text size="sm" c="dimmed" data-testid="signature-effective">
          {settings.effective ? (
            <FormattedMessage id="signature.effective" values={{ line: settings.effective }} />
          ) : (
            <FormattedMessage id="signature.none" />
          )}
        </Text>
        <Button loading={save.isPending} onClick={() => void submit()}>
          <FormattedMessage id="signature.save" />
        </Button>
      </Group>
    </Stack>
  );
}
