import { useEffect, useRef, useState, type ComponentProps } from "react";
import { Button, Group, Modal, Skeleton, VisuallyHidden } from "@mantine/core";
import { IconDownload, IconFile, IconFileTypePdf, IconMovie, IconMusic, IconPhotoOff } from "@tabler/icons-react";
import { useIntl } from "react-intl";
import { formatBytes, type MediaRef } from "@relais/shared";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { isPreviewable } from "./attachments.ts";
import { downloadMedia, saveBlob, useMediaBlob } from "./media-api.ts";
import classes from "./media.module.css";

/**
 * An image of a blob: an object URL made when the image appears and revoked when it goes (or the
 * blob changes), so the browser frees the bytes with the message that showed them.
 */
function BlobImage({ blob, ...props }: { blob: Blob } & Omit<ComponentProps<"img">, "src" | "ref">) {
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    if (!img) {
      return undefined;
    }
    const url = URL.createObjectURL(blob);
    img.src = url;
    return () => {
      img.removeAttribute("src");
      URL.revokeObjectURL(url);
    };
  }, [blob]);
  return <img ref={ref} {...props} />;
}

function FileIcon({ contentType }: { contentType: string }) {
  if (contentType === "application/pdf") {
    return <IconFileTypePdf size={22} aria-hidden />;
  }
  if (contentType.startsWith("audio/")) {
    return <IconMusic size={22} aria-hidden />;
  }
  if (contentType.startsWith("video/")) {
    return <IconMovie size={22} aria-hidden />;
  }
  return <IconFile size={22} aria-hidden />;
}

/** A file that is not shown in place: its name and size; a click downloads it. */
function DownloadChip({ media, unavailable = false }: { media: MediaRef; unavailable?: boolean }) {
  const intl = useIntl();
  const alerts = useAlerts();
  const [busy, setBusy] = useState(false);
  const detail = unavailable ? intl.formatMessage({ id: "message.media.unavailable" }) : formatBytes(media.size, intl.locale);
  return (
    <button
      type="button"
      className={classes.file}

      aria-busy={busy}
      onClick={() => {
        setBusy(true);
        downloadMedia(media)
          .catch((error: unknown) => alerts.error("error.download", error))
          .finally(() => {
            setBusy(false);
          });
      }}
    >
      {unavailable ? <IconPhotoOff size={22} aria-hidden /> : <FileIcon contentType={media.contentType} />}
      {/* Named by what it shows, the verb before it for screen readers (WCAG 2.5.3, label in name). */}
      <VisuallyHidden>{`${intl.formatMessage({ id: "message.media.download" }, { name: "" }).trim()} `}</VisuallyHidden>
      <span className={classes.fileText}>
        <span className={classes.fileName}>{media.filename}</span>
        <span className={classes.fileSize}>{detail}</span>
      </span>
      <IconDownload size={16} aria-hidden />
    </button>
  );
}

/** An image of a message: a thumbnail from the authenticated API (never a bare URL), full size on click. */
function Thumbnail({ media }: { media: MediaRef }) {
  const intl = useIntl();
  const blob = useMediaBlob(media);
  const [open, setOpen] = useState(false);
  if (blob.isError) {
    return <DownloadChip media={media} unavailable />;
  }
  if (!blob.data) {
    return <Skeleton width={160} height={120} radius={10} aria-label={intl.formatMessage({ id: "message.media.loading" })} />;
  }
  const alt = intl.formatMessage({ id: "message.media.image" }, { name: media.filename });
  return (
    <>
      <button
        type="button"
        className={classes.thumbButton}
        aria-label={intl.formatMessage({ id: "message.media.open" }, { name: media.filename })}
        onClick={() => {
          setOpen(true);
        }}
      >
        <BlobImage className={classes.thumb} blob={blob.data} alt={alt} />
      </button>
      <Modal
        opened={open}
        onClose={() => {
          setOpen(false);
        }}
        title={media.filename}
        size="auto"
        centered
        closeButtonProps={{ "aria-label": intl.formatMessage({ id: "common.close" }) }}
      >
        <BlobImage className={classes.fullImage} blob={blob.data} alt={alt} />
        <Group justify="flex-end" mt="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconDownload size={14} />}
            onClick={() => {
              saveBlob(blob.data, media.filename);
            }}
          >
            {intl.formatMessage({ id: "message.media.download" }, { name: media.filename })}
          </Button>
        </Group>
      </Modal>
    </>
  );
}

/** The files of a message, in order: images as thumbnails, anything else as a download chip. */
export function MessageMedia({ media }: { media: MediaRef[] }) {
  const intl = useIntl();
  return (
    <div className={classes.media} role="group" aria-label={intl.formatMessage({ id: "message.media.list" })}>
      {media.map((m) => (isPreviewable(m.contentType) ? <Thumbnail key={m.id} media={m} /> : <DownloadChip key={m.id} media={m} />))}
    </div>
  );
}
