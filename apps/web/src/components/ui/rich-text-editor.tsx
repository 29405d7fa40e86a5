// Tiptap (ProseMirror): imported only by lazy chunks (the compose window, the template editor).
import { useId } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Bold, Italic, Link2, List, ListOrdered, Redo2, Undo2 } from 'lucide-react';
import { cn } from './cn';

function ToolButton({
  label,
  active,
  onClick,
  disabled,
  children,
}: {
  label: string;
  active?: boolean;
  onClick: () => void;
  disabled?: boolean;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active}
      disabled={disabled}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={cn(
        'inline-flex size-8 items-center justify-center rounded-md text-gray-600 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-40 dark:text-gray-300 dark:hover:bg-white/10',
        active && 'bg-gray-100 text-gray-900 dark:bg-white/10 dark:text-white',
      )}
    >
      {children}
    </button>
  );
}

function Toolbar({ editor, mergeFields }: { editor: Editor; mergeFields?: readonly string[] | undefined }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
    }),
  });
  const selectId = useId();
  const icon = 'size-4';
  const setLink = () => {
    const previous = (editor.getAttributes('link').href as string | undefined) ?? '';
    const href = window.prompt('Link address (leave empty to remove the link)', previous);
    if (href === null) return;
    if (!href.trim()) editor.chain().focus().extendMarkRange('link').unsetLink().run();
    else if (/^(https?:|mailto:)/i.test(href.trim()))
      editor.chain().focus().extendMarkRange('link').setLink({ href: href.trim() }).run();
  };
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      className="flex flex-wrap items-center gap-0.5 border-b border-gray-200 px-1.5 py-1 dark:border-white/10"
    >
      <ToolButton label="Bold" active={state.bold} onClick={() => editor.chain().focus().toggleBold().run()}>
        <Bold aria-hidden="true" className={icon} />
      </ToolButton>
      <ToolButton label="Italic" active={state.italic} onClick={() => editor.chain().focus().toggleItalic().run()}>
        <Italic aria-hidden="true" className={icon} />
      </ToolButton>
      <ToolButton
        label="Bulleted list"
        active={state.bullet}
        onClick={() => editor.chain().focus().toggleBulletList().run()}
      >
        <List aria-hidden="true" className={icon} />
      </ToolButton>
      <ToolButton
        label="Numbered list"
        active={state.ordered}
        onClick={() => editor.chain().focus().toggleOrderedList().run()}
      >
        <ListOrdered aria-hidden="true" className={icon} />
      </ToolButton>
      <ToolButton label="Link" active={state.link} onClick={setLink}>
        <Link2 aria-hidden="true" className={icon} />
      </ToolButton>
      <ToolButton label="Undo" onClick={() => editor.chain().focus().undo().run()}>
        <Undo2 aria-hidden="true" className={icon} />
      </ToolButton>
      <ToolButton label="Redo" onClick={() => editor.chain().focus().redo().run()}>
        <Redo2 aria-hidden="true" className={icon} />
      </ToolButton>
      {mergeFields?.length ? (
        <>
          <label htmlFor={selectId} className="sr-only">
            Insert merge field
          </label>
          <select
            id={selectId}
            value=""
            onChange={(event) => {
              const field = event.target.value;
              if (field) editor.chain().focus().insertContent(`{{${field}}}`).run();
            }}
            className="ml-auto h-8 rounded-md border-0 bg-transparent px-2 text-xs text-gray-700 ring-1 ring-gray-300 ring-inset dark:text-gray-200 dark:ring-white/10 dark:[color-scheme:dark]"
          >
            <option value="">Insert merge field…</option>
            {mergeFields.map((field) => (
              <option key={field} value={field}>
                {`{{${field}}}`}
              </option>
            ))}
          </select>
        </>
      ) : null}
    </div>
  );
}

/**
 * A rich text field (bold, italic, lists, links) whose value is HTML. `initialHtml` is read once: to
 * replace the text (a template was chosen), remount it with a new `key`.
 */
export function RichTextEditor({
  label,
  initialHtml,
  onChange,
  invalid,
  describedBy,
  mergeFields,
  minHeight = 'min-h-48',
}: {
  label: string;
  initialHtml: string;
  onChange: (html: string) => void;
  invalid?: boolean;
  describedBy?: string | undefined;
  mergeFields?: readonly string[] | undefined;
  minHeight?: string;
}) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, autolink: true } })],
    content: initialHtml,
    immediatelyRender: true,
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        class: cn(
          'prose-email px-3 py-2 text-sm text-gray-900 focus:outline-none dark:text-white',
          '[&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5 [&_a]:text-brand-600 [&_a]:underline [&_p]:my-1',
          minHeight,
        ),
      },
    },
  });
  return (
    <div
      className={cn(
        'overflow-hidden rounded-lg bg-white shadow-xs ring-1 ring-inset focus-within:ring-2 dark:bg-white/5',
        invalid
          ? 'ring-red-400 focus-within:ring-red-500 dark:ring-red-500/60'
          : 'ring-gray-300 focus-within:ring-brand-600 dark:ring-white/10 dark:focus-within:ring-brand-400',
      )}
    >
      {editor ? <Toolbar editor={editor} mergeFields={mergeFields} /> : null}
      <EditorContent editor={editor} />
    </div>
  );
}

export default RichTextEditor;
