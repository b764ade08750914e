/**
 * The thread open on the conversations screen right now (null: none, or another screen). Read by
 * the live sync to tell a message on the open thread from one on another thread.
 */
let openThreadId: string | null = null;

export function setOpenThread(id: string | null): void {
  openThreadId = id;
}

export function getOpenThread(): string | null {
  return openThreadId;
}
