// Rich-text input (tiptap): bold, italic, headings, lists, link and image upload
// (through main's 'file:upload' channel, checked against the cover limits). The
// value is HTML; an empty document is sent as '' so "required" rules hold.
import { useEffect, useRef, type ReactNode } from 'react';
import { LinkOutlined, PictureOutlined } from '@ant-design/icons';
import { App as AntApp, Button, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import type { CustomInputProps } from '../../crud/types';
import { call } from '../../platform/bridge';
import { fileToBase64, uploadProblem } from '../upload/files';
import '../../i18n/areas/content';
import { registerUploadMessages } from '../upload/messages';

registerUploadMessages();

const IMAGE_TYPES = ['jpg', 'jpeg', 'png', 'gif', 'webp'];

/**
 * Whether the editor can be read or changed: tiptap destroys an editor (its view and schema go) when the form
 * unmounts or the editor is re-created, while effects, callbacks and an upload still hold it; getHTML() on it
 * then throws "Cannot read properties of null (reading 'cached')" and the tab showed 页面出现错误.
 */
function live(editor: Editor | null): editor is Editor {
  return !!editor && !editor.isDestroyed;
}

export function RichText({ id, value, onChange, disabled }: CustomInputProps) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const fileRef = useRef<HTMLInputElement>(null);
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } }), Image],
    content: typeof value === 'string' ? value : '',
    editable: !disabled,
    // no focus outline of its own (the frame is the border), and the whole area clickable
    editorProps: { attributes: { style: 'outline: none; min-height: 170px; padding: 4px 0' } },
    onUpdate: ({ editor: e }) => {
      if (live(e)) onChange?.(e.isEmpty ? '' : e.getHTML());
    },
  });
  // a value set from outside (the loaded row) replaces the document
  useEffect(() => {
    if (!live(editor)) return;
    const html = typeof value === 'string' ? value : '';
    if (html !== (editor.isEmpty ? '' : editor.getHTML())) editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, value]);
  // without an update event: tiptap's default sends one, read as the operator's change (the form then took the
  // field as edited, and the field's own check overtook the check of a 保存 clicked as the record came)
  useEffect(() => {
    if (live(editor)) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  if (!editor) return null;
  const btn = (key: string, label: ReactNode, active: boolean, run: () => void) => (
    <Tooltip title={t(`content.c2.rt.${key}`)} key={key}>
      <Button size="small" type={active ? 'primary' : 'default'} disabled={disabled} onMouseDown={(e) => e.preventDefault()} onClick={run} aria-label={t(`content.c2.rt.${key}`)}>
        {label}
      </Button>
    </Tooltip>
  );
  const active = (name: string, attrs?: Record<string, unknown>): boolean => live(editor) && editor.isActive(name, attrs);
  const chain = () => editor.chain().focus();
  const onLink = () => {
    if (!live(editor)) return;
    const prev = editor.getAttributes('link').href as string | undefined;
    const url = window.prompt(t('content.c2.rt.linkPrompt'), prev ?? 'https://');
    if (url === null) return;
    if (url === '') chain().extendMarkRange('link').unsetLink().run();
    else if (/^(https?:\/\/|\/)/i.test(url)) chain().extendMarkRange('link').setLink({ href: url }).run();
  };
  const onFile = async (file: File | undefined) => {
    if (!file || !live(editor)) return;
    const problem = uploadProblem(file, IMAGE_TYPES, 10 * 1024);
    if (problem) {
      void message.error(t(problem === 'type' ? 'content.c2.rt.imageType' : 'content.c2.rt.imageSize'));
      return;
    }
    try {
      const r = await call('file:upload', { name: file.name, type: file.type, base64: await fileToBase64(file), scene: 'image' });
      chain().setImage({ src: r.link, alt: file.name }).run();
      void message.success(t('upload.success'));
    } catch (e) {
      void message.error((e as Error).message || t('upload.failed'));
    }
  };
  return (
    <div className="rich-text" id={id} style={{ border: '1px solid var(--ant-color-border, #d9d9d9)', borderRadius: 6 }}>
      <Space size={4} wrap style={{ padding: 6, borderBottom: '1px solid var(--ant-color-border, #d9d9d9)', width: '100%', boxSizing: 'border-box' }}>
        {btn('bold', 'B', active('bold'), () => chain().toggleBold().run())}
        {btn('italic', 'I', active('italic'), () => chain().toggleItalic().run())}
        {btn('h2', 'H2', active('heading', { level: 2 }), () => chain().toggleHeading({ level: 2 }).run())}
        {btn('h3', 'H3', active('heading', { level: 3 }), () => chain().toggleHeading({ level: 3 }).run())}
        {btn('bullet', '•', active('bulletList'), () => chain().toggleBulletList().run())}
        {btn('ordered', '1.', active('orderedList'), () => chain().toggleOrderedList().run())}
        {btn('link', <LinkOutlined />, active('link'), onLink)}
        {btn('image', <PictureOutlined />, false, () => fileRef.current?.click())}
      </Space>
      <input ref={fileRef} type="file" accept="image/*" style={{ display: 'none' }} data-testid="richtext-image" onChange={(e) => { void onFile(e.target.files?.[0]); e.target.value = ''; }} />
      <EditorContent editor={editor} style={{ padding: '0 11px' }} />
    </div>
  );
}
