import { Avatar } from "@mantine/core";
import { IconMoodSadFilled, IconMoodSmileFilled, IconUser } from "@tabler/icons-react";
import { useIntl } from "react-intl";
import { sentimentOf } from "@relais/shared";
import { avatarContent, sentimentBadge } from "./avatar-content.ts";
import classes from "./contact-avatar.module.css";

export interface ContactAvatarProps {
  /** The contact's name; null (or a number) shows a person instead of initials. */
  name: string | null;
  /** The contact's number, E.164; marks the avatar for tests and tools (`data-contact`). */
  phone: string;
  /** The thread's 0–100 score (thread.sentiment); null before the contact's first text. */
  sentiment: number | null;
  /** Diameter in pixels. */
  size?: number;
}

/**
 * A contact's avatar (spec part 1 §2): at most two initials, or a person for a contact known only
 * by number, and the conversation's mood as a face — smiling when positive, sad when negative,
 * none when neutral. The faces are drawn (Tabler icons), not emoji characters, so they show the
 * same on a workstation without an emoji font. The avatar is decoration beside the contact's
 * name; the face has a name of its own for screen readers.
 */
export function ContactAvatar({ name, phone, sentiment, size = 40 }: ContactAvatarProps) {
  const intl = useIntl();
  const content = avatarContent(name);
  const badge = sentimentBadge(sentiment);
  const badgeSize = Math.max(14, Math.round(size * 0.42));
  const label = badge ? intl.formatMessage({ id: badge.label }) : undefined;
  const Face = badge?.mood === "negative" ? IconMoodSadFilled : IconMoodSmileFilled;
  return (
    <span className={classes.root} data-contact={phone} data-sentiment={sentimentOf(sentiment)}>
      <Avatar radius="xl" color="relais" size={size} aria-hidden>
        {content.kind === "initials" ? content.text : <IconUser size={Math.round(size * 0.5)} stroke={1.8} />}
      </Avatar>
      {badge ? (
        <span
          className={classes.badge}
          role="img"
          aria-label={label}
          title={label}
          data-mood={badge.mood}
          style={{ width: badgeSize, height: badgeSize }}
        >
          <Face size={badgeSize} aria-hidden />
        </span>
      ) : null}
    </span>
  );
}
