import { useRef, useState, type ReactNode } from 'react';
import { Button, Col, Flex, Grid, Input, Row, Segmented, Tooltip, Typography, type GetRef } from 'antd';
import { BoldOutlined, ItalicOutlined, LinkOutlined, UnderlineOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { applyFormat, type RichTextFormat } from './rich-text-markup';
import { SafeHtml } from './safe-html';

const TOOLS: { format: RichTextFormat; label: string; icon: ReactNode }[] = [
  { format: 'paragraph', label: 'Paragraph', icon: <span style={{ fontWeight: 600 }}>¶</span> },
  { format: 'bold', label: 'Bold', icon: <BoldOutlined /> },
  { format: 'italic', label: 'Italic', icon: <ItalicOutlined /> },
  { format: 'underline', label: 'Underline', icon: <UnderlineOutlined /> },
  { format: 'link', label: 'Link', icon: <LinkOutlined /> },
  { format: 'list', label: 'Bulleted list', icon: <UnorderedListOutlined /> },
];

interface RichTextFieldProps {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  maxLength?: number;
  rows?: number;
  disabled?: boolean;
  placeholder?: string;
}

/**
 * Rich text as the site stores it: HTML source in a text area with a toolbar that wraps the
 * selection in the allowed tags, and a live preview through the shared sanitiser
 * (src/common/lib/rich-text.ts), so what the preview shows is exactly what the server keeps.
 * Side by side from 768 px; Write / Preview tabs on phones. A controlled Form.Item child.
 */
export function RichTextField({ value = '', onChange, id, maxLength, rows = 14, disabled, placeholder }: RichTextFieldProps) {
  const ref = useRef<GetRef<typeof Input.TextArea>>(null);
  const wide = Grid.useBreakpoint().md ?? true;
  const [tab, setTab] = useState<'write' | 'preview'>('write');

  const format = (kind: RichTextFormat) => {
    const area = ref.current?.resizableTextArea?.textArea;
    const start = area?.selectionStart ?? value.length;
    const end = area?.selectionEnd ?? value.length;
    const edit = applyFormat(value, start, end, kind);
    onChange?.(edit.text);
    // After React wrote the new value: keep the edited text selected for the next action.
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(edit.start, edit.end);
    });
  };

  const editor = (
    <Flex vertical gap={8}>
      <Flex gap={4} wrap role="toolbar" aria-label="Formatting">
        {TOOLS.map((tool) => (
          <Tooltip key={tool.format} title={tool.label}>
            <Button size="small" icon={tool.icon} aria-label={tool.label} disabled={disabled} onClick={() => format(tool.format)} />
          </Tooltip>
        ))}
      </Flex>
      <Input.TextArea
        ref={ref}
        id={id}
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        rows={rows}
        maxLength={maxLength}
        showCount={Boolean(maxLength)}
        disabled={disabled}
        placeholder={placeholder}
        spellCheck
        style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 }}
      />
    </Flex>
  );

  const preview = (
    <div aria-label="Preview" role="region" style={{ border: '1px solid var(--app-border)', borderRadius: 8, padding: '8px 16px', minHeight: 120, overflowWrap: 'anywhere' }}>
      {value.trim() ? <SafeHtml html={value} /> : <Typography.Text type="secondary">Nothing to preview yet.</Typography.Text>}
    </div>
  );

  const help = (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      Paragraphs, bold, italic, underline, links (http, https, mailto) and lists are kept; any other markup is removed when saved.
    </Typography.Text>
  );

  if (!wide) {
    return (
      <Flex vertical gap={8}>
        <Segmented<'write' | 'preview'> value={tab} onChange={setTab} options={[{ value: 'write', label: 'Write' }, { value: 'preview', label: 'Preview' }]} />
        {tab === 'write' ? editor : preview}
        {help}
      </Flex>
    );
  }
  return (
    <Flex vertical gap={8}>
      <Row gutter={16}>
        <Col span={12}>{editor}</Col>
        <Col span={12}>
          <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8, lineHeight: '24px' }}>Preview</Typography.Text>
          {preview}
        </Col>
      </Row>
      {help}
    </Flex>
  );
}
