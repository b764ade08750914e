import { useEffect, useId, useLayoutEffect, useRef, useState, type PointerEvent, type ReactNode, type RefObject } from "react";
import { ActionIcon, Text, Tooltip, VisuallyHidden } from "@mantine/core";
import { IconGripHorizontal, IconPictureInPictureOff } from "@tabler/icons-react";
import { useIntl } from "react-intl";
import {
  clampPosition,
  dockCallWindow,
  dockedPosition,
  dragPosition,
  keyboardMove,
  moveCallWindow,
  useCallWindow,
  type Point,
  type Size,
} from "./call-window.ts";
import classes from "./calls.module.css";

/** The panel's width (calls.module.css) and a usual height, until the window is measured. */
const FIRST_SIZE: Size = { width: 368, height: 240 };

function viewportSize(): Size {
  return { width: document.documentElement.clientWidth, height: document.documentElement.clientHeight };
}

function useViewport(): Size {
  const [size, setSize] = useState(viewportSize);
  useEffect(() => {
    const update = (): void => {
      setSize(viewportSize());
    };
    window.addEventListener("resize", update);
    return () => {
      window.removeEventListener("resize", update);
    };
  }, []);
  return size;
}

/** The element's own size, followed as its content changes (the dialpad, a second card). */
function useElementSize(ref: RefObject<HTMLElement | null>): Size | null {
  const [size, setSize] = useState<Size | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = (): void => {
      const width = element.offsetWidth;
      const height = element.offsetHeight;
      setSize((s) => (s && s.width === width && s.height === height ? s : { width, height }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [ref]);
  return size;
}

/** Moves focus to the control that took over from the one just clicked (detach ↔ dock). */
function useFocusAcrossSwitch(detached: boolean): void {
  const previous = useRef(detached);
  useEffect(() => {
    if (previous.current === detached) return;
    previous.current = detached;
    const target = document.querySelector<HTMLElement>(`[data-call-window="${detached ? "handle" : "detach"}"]`);
    target?.focus();
  }, [detached]);
}

/**
 * The in-call panel's frame: docked at the bottom right, or detached into the call window — a
 * handle to drag it (mouse) or move it with the arrow keys, a button to dock it back — kept
 * inside the viewport whatever its size or the viewport's (decision 0040).
 */
export function CallWindowFrame({ label, children }: { label: string; children: ReactNode }) {
  const { detached } = useCallWindow();
  useFocusAcrossSwitch(detached);
  if (!detached) {
    return (
      <section className={classes.panel} aria-label={label}>
        {children}
      </section>
    );
  }
  return <DetachedWindow label={label}>{children}</DetachedWindow>;
}

function DetachedWindow({ label, children }: { label: string; children: ReactNode }) {
  const intl = useIntl();
  const hintId = useId();
  const { position } = useCallWindow();
  const ref = useRef<HTMLElement>(null);
  const viewport = useViewport();
  const size = useElementSize(ref) ?? FIRST_SIZE;
  const grab = useRef<Point | null>(null);
  // The latest place while dragging, also in a ref: the pointer's last move may not be rendered yet when it is let go.
  const latest = useRef<Point | null>(null);
  const [dragging, setDragging] = useState<Point | null>(null);
  const drag = (point: Point | null): void => {
    latest.current = point;
    setDragging(point);
  };
  const shown = dragging ?? (position ? clampPosition(position, size, viewport) : dockedPosition(size, viewport));

  const endDrag = (): void => {
    if (!grab.current) return;
    grab.current = null;
    if (latest.current) moveCallWindow(latest.current);
    drag(null);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>): void => {
    if (event.button !== 0 || (event.target as Element).closest('[data-call-window="dock"]')) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    grab.current = { x: event.clientX - shown.x, y: event.clientY - shown.y };
    drag(shown);
    ref.current?.querySelector<HTMLElement>('[data-call-window="handle"]')?.focus();
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>): void => {
    if (!grab.current) return;
    drag(dragPosition({ x: event.clientX, y: event.clientY }, grab.current, size, viewport));
  };

  const dockLabel = intl.formatMessage({ id: "calls.window.dock" });
  return (
    <section
      ref={ref}
      className={classes.window}
      aria-label={label}
      data-testid="call-window"
      data-dragging={dragging !== null || undefined}
      style={{ left: shown.x, top: shown.y }}
    >
      <div
        className={classes.windowBar}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onLostPointerCapture={endDrag}
      >
        <button
          type="button"
          className={classes.windowHandle}
          aria-label={intl.formatMessage({ id: "calls.window.handle" })}
          aria-describedby={hintId}
          data-call-window="handle"
          onKeyDown={(event) => {
            const next = keyboardMove(shown, event.key, event.shiftKey, size, viewport);
            if (!next) return;
            event.preventDefault();
            moveCallWindow(next);
          }}
        >
          <IconGripHorizontal size={18} aria-hidden />
          <Text span size="sm" fw={650}>
            {intl.formatMessage({ id: "calls.window.title" })}
          </Text>
        </button>
        <VisuallyHidden id={hintId}>{intl.formatMessage({ id: "calls.window.handle.hint" })}</VisuallyHidden>
        <Tooltip label={dockLabel} withArrow>
          <ActionIcon
            variant="subtle"
            color="white"
            aria-label={dockLabel}
            data-call-window="dock"
            onClick={() => {
              dockCallWindow();
            }}
          >
            <IconPictureInPictureOff size={18} />
          </ActionIcon>
        </Tooltip>
      </div>
      {children}
    </section>
  );
}
