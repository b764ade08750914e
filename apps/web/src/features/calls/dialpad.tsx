import { SimpleGrid, UnstyledButton } from "@mantine/core";
import { useIntl } from "react-intl";
import classes from "./calls.module.css";

/** Spec part 1 §2: keys 1 to 9, *, 0, #. */
const DIALPAD_KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "*", "0", "#"] as const;

/** The twelve keys of a phone; each press calls `onKey`. Typing them works too where the owner listens. */
export function Dialpad({ onKey, disabled = false }: { onKey: (key: string) => void; disabled?: boolean }) {
  const intl = useIntl();
  return (
    <SimpleGrid cols={3} spacing={6} verticalSpacing={6} role="group" aria-label={intl.formatMessage({ id: "calls.dialpad.label" })}>
      {DIALPAD_KEYS.map((key) => (
        <UnstyledButton
          key={key}
          className={classes.key}
          disabled={disabled}
          aria-label={intl.formatMessage({ id: "calls.dialpad.key" }, { key })}
          onClick={() => {
            onKey(key);
          }}
        >
          {key}
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
