import { Box, Textarea, type TextareaProps } from "@mantine/core";
import type { QuickMessages } from "./quick-message-picker.tsx";

/**
 * A message field of a form that sends text only (new conversation, scheduled message), with its
 * quick-message picker: the list opens above it, the bolt sits in its top-right corner.
 */
export function QuickMessageTextarea({
  quick,
  value,
  onValue,
  ...props
}: Omit<TextareaProps, "value" | "onChange" | "onKeyDown" | "rightSection"> & {
  quick: QuickMessages;
  value: string;
  onValue: (value: string) => void;
}) {
  return (
    <Box>
      {quick.panel}
      <Textarea
        {...props}
        value={value}
        onChange={(e) => {
          onValue(e.currentTarget.value);
        }}
        onKeyDown={(e) => {
          quick.onKeyDown(e);
        }}
        rightSection={quick.button}
        rightSectionProps={{ style: { alignItems: "flex-start", paddingTop: 4 } }}
        autosize
      />
    </Box>
  );
}
