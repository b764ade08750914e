import { useCallback, useEffect, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { formatError } from "../../app/i18n/messages.ts";
import { pickProblem, withHeads, type Attachment } from "./attachments.ts";
import { uploadMediaFile } from "./media-api.ts";

/**
 * The composer's attachments: each picked file is checked against the limits first (nothing
 * leaves the browser when one fails), then uploaded at once, so Send only has to name the ids.
 * `problem` is the text to show: a limit, or the server's answer to an upload.
 */
export function useAttachments() {
  const intl = useIntl();
  const [items, setItems] = useState<Attachment[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const uploads = useRef(new Map<string, AbortController>());
  const nextKey = useRef(0);

  // Leaving the thread stops the uploads still running.
  useEffect(() => {
    const running = uploads.current;
    return () => {
      for (const controller of running.values()) {
        controller.abort();
      }
    };
  }, []);

  const upload = useCallback(
    (key: string, file: File) => {
      const controller = new AbortController();
      uploads.current.set(key, controller);
      uploadMediaFile(file, controller.signal)
        .then((media) => {
          setItems((list) => list.map((a) => (a.key === key ? { ...a, status: "ready", mediaId: media.id } : a)));
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) {
            return;
          }
          setItems((list) => list.filter((a) => a.key !== key));
          setProblem(formatError(intl, error));
        })
        .finally(() => {
          uploads.current.delete(key);
        });
    },
    [intl],
  );

  const pick = (files: readonly File[]): void => {
    if (files.length === 0) {
      return;
    }
    // The first bytes first: a file named .png that is no image is refused as such, whatever its size.
    void withHeads(files).then((checked) => {
      check(
        checked.map((c) => c.file),
        pickProblem(items, checked),
      );
    });
  };

  const check = (files: readonly File[], issue: ReturnType<typeof pickProblem>): void => {
    if (issue) {
      setProblem(intl.formatMessage({ id: issue }));
      return;
    }
    setProblem(null);
    const added = files.map((file) => ({ file, key: `attachment-${nextKey.current++}` }));
    setItems((list) => [
      ...list,
      ...added.map(({ file, key }): Attachment => ({ key, name: file.name, size: file.size, status: "uploading", mediaId: null })),
    ]);
    for (const { file, key } of added) {
      upload(key, file);
    }
  };

  const remove = (key: string): void => {
    uploads.current.get(key)?.abort();
    setItems((list) => list.filter((a) => a.key !== key));
    setProblem(null);
  };

  const clear = (): void => {
    setItems([]);
    setProblem(null);
  };

  return {
    items,
    problem,
    pick,
    remove,
    clear,
    /** A file is still on its way: Send waits. */
    busy: items.some((a) => a.status === "uploading"),
    mediaIds: items.flatMap((a) => (a.mediaId ? [a.mediaId] : [])),
  };
}
