import { useSyncExternalStore } from "react";

/**
 * The detachable call window (spec part 1 §2 "a draggable call window appears when the call panel
 * is detached", decision 0040): where it may sit, how the keyboard moves it, and the tab's memory
 * of it (detached or docked, and where) for the rest of the browser session.
 */

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface Size {
  readonly width: number;
  readonly height: number;
}

/** The window never comes closer than this to the viewport's edges. */
export const WINDOW_MARGIN = 8;
/** Where the docked panel sits (calls.module.css `.panel`): the window detaches in place. */
export const DOCK_RIGHT = 24;
export const DOCK_BOTTOM = 96;
/** An arrow key on the handle moves the window this far; with Shift, the larger step. */
export const KEY_STEP = 16;
export const KEY_STEP_LARGE = 80;

function clampAxis(value: number, length: number, room: number): number {
  const max = room - length - WINDOW_MARGIN;
  // Taller or wider than the viewport: its top-left corner (the handle) stays in view.
  if (max < WINDOW_MARGIN) return WINDOW_MARGIN;
  return Math.min(Math.max(value, WINDOW_MARGIN), max);
}

/**
 * The window's top-left corner kept inside the viewport with its margin on every side; a window
 * larger than the viewport keeps its handle (top-left) in view.
 */
export function clampPosition(position: Point, size: Size, viewport: Size): Point {
  return {
    x: Math.round(clampAxis(position.x, size.width, viewport.width)),
    y: Math.round(clampAxis(position.y, size.height, viewport.height)),
  };
}

/** Where the panel sits docked, as a top-left corner: detaching leaves it where it was. */
export function dockedPosition(size: Size, viewport: Size): Point {
  return clampPosition({ x: viewport.width - DOCK_RIGHT - size.width, y: viewport.height - DOCK_BOTTOM - size.height }, size, viewport);
}

const ARROWS: Readonly<Record<string, Point>> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/**
 * The position after an arrow key on the handle (Shift: the larger step), kept in the viewport;
 * null for any other key, which the handle leaves alone.
 */
export function keyboardMove(position: Point, key: string, shift: boolean, size: Size, viewport: Size): Point | null {
  const arrow = ARROWS[key];
  if (!arrow) return null;
  const step = shift ? KEY_STEP_LARGE : KEY_STEP;
  return clampPosition({ x: position.x + arrow.x * step, y: position.y + arrow.y * step }, size, viewport);
}

/**
 * The top-left corner while dragging: the pointer keeps the grip it took on the window (`grab`,
 * the pointer's offset from the corner when the drag began), the window stays in the viewport.
 */
export function dragPosition(pointer: Point, grab: Point, size: Size, viewport: Size): Point {
  return clampPosition({ x: pointer.x - grab.x, y: pointer.y - grab.y }, size, viewport);
}

export interface CallWindowState {
  readonly detached: boolean;
  /** Where the person left it (before clamping to the current viewport); null: where it was docked. */
  readonly position: Point | null;
}

const STORAGE_KEY = "relais.call-window";
const DOCKED: CallWindowState = { detached: false, position: null };

function storage(): Storage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    // A browser that refuses storage: the window is remembered for the page's life only.
    return null;
  }
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/** Reads what the tab remembered; anything unreadable is the docked panel. */
export function parseCallWindow(raw: string | null): CallWindowState {
  if (!raw) return DOCKED;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null || !("detached" in value) || typeof value.detached !== "boolean") return DOCKED;
    const position = "position" in value ? value.position : null;
    const point =
      typeof position === "object" &&
      position !== null &&
      "x" in position &&
      "y" in position &&
      isFiniteNumber(position.x) &&
      isFiniteNumber(position.y)
        ? { x: position.x, y: position.y }
        : null;
    return { detached: value.detached, position: point };
  } catch {
    return DOCKED;
  }
}

let current: CallWindowState = parseCallWindow(storage()?.getItem(STORAGE_KEY) ?? null);
const listeners = new Set<() => void>();

function setCallWindow(next: CallWindowState): void {
  current = next;
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or refused: kept in memory.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCallWindow(): CallWindowState {
  return useSyncExternalStore(subscribe, () => current);
}

/** Detaches the panel into the window, at the place it was left before if any. */
export function detachCallWindow(): void {
  setCallWindow({ ...current, detached: true });
}

/** Docks the window back into the panel; its place is remembered for the next detach. */
export function dockCallWindow(): void {
  setCallWindow({ ...current, detached: false });
}

export function moveCallWindow(position: Point): void {
  setCallWindow({ ...current, position });
}
