import { useState } from "react";
import { ActionIcon, Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { IconBackspace, IconPhone } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { isApiError } from "../../api/index.ts";
import { formatKey } from "../../app/i18n/messages.ts";
import { useCallActions } from "./call-actions.ts";
import { Dialpad } from "./dialpad.tsx";

/**
 * The "new call" dialpad (spec part 1 §5): any number, typed or keyed; the server judges it and
 * its refusal ('The number entered is invalid.') shows under the field.
 */
export function NewCallDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const intl = useIntl();
  const actions = useCallActions();
  const [number, setNumber] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [calling, setCalling] = useState(false);

  const close = (): void => {
    setNumber("");
    setError(null);
    onClose();
  };

  const submit = async (): Promise<void> => {
    setCalling(true);
    setError(null);
    try {
      const placed = await actions.call(number.replace(/\s+/g, ""));
      if (placed) close();
    } catch (failure) {
      setError(isApiError(failure) ? formatKey(intl, failure.code, failure.params) : formatKey(intl, "error.call-contact"));
    } finally {
      setCalling(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={intl.formatMessage({ id: "calls.new.title" })} size={340} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <TextInput
            data-autofocus
            label={intl.formatMessage({ id: "calls.new.number" })}
            value={number}
            error={error}
            inputMode="tel"
            autoComplete="off"
            size="md"
            onChange={(e) => {
              setNumber(e.currentTarget.value);
              setError(null);
            }}
            rightSection={
              number ? (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={intl.formatMessage({ id: "calls.new.erase" })}
                  onClick={() => {
                    setNumber((n) => n.slice(0, -1));
                  }}
                >
                  <IconBackspace size={18} />
                </ActionIcon>
              ) : null
            }
          />
          <Dialpad
            onKey={(key) => {
              setNumber((n) => n + key);
              setError(null);
            }}
          />
          <Group grow>
            <Button type="submit" color="teal" leftSection={<IconPhone size={18} />} loading={calling}>
              <FormattedMessage id="calls.new.submit" />
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
