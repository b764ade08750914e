// Screen group "text-blocks" (loaded on demand): quick messages and the template editor.
export { TextBlocksPage } from "../../features/text-blocks/text-blocks-page.tsx";
export { TemplateEditorPage } from "../../features/text-blocks/template-editor-page.tsx";
