// The drawer's dialogs, one part loaded on demand (decision 0016): Mantine's Modal is not needed
// to show the first screen, only when a person opens one of them.
export { LogoutDialog } from "./logout-dialog.tsx";
export { ReportProblemDialog } from "./report-problem-dialog.tsx";
export { SupportChatDialog } from "./support-chat-dialog.tsx";
