import { useEffect, useRef } from 'react';
import { Col, Form, Input, InputNumber, Radio, Row } from 'antd';
import type { Post } from '@/common/contract/posts';
import { RichTextField } from '@/client/components/rich-text-field';
import { FormDrawer } from '@/client/components/form-drawer';
import { createPage, updatePage } from './pages.api';
import {
  CONTENT_MAX, changedPageFields, emptyPageValues, pageFieldsOf, pageRules, pageValuesOf, slugFromTitle, SLUG_MAX, TITLE_MAX, type PageFormValues,
} from './page-values';

interface Props {
  /** The page being edited; null for a new one. */
  post: Post | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => Promise<unknown> | void;
}

/**
 * Create or edit a page of /page/{slug}: title, address, rich-text content with a live preview,
 * published or draft, footer order. A new page's address follows its title until it is typed by hand.
 */
export function PageEditorDrawer({ post, open, onClose, onSaved }: Props) {
  const [form] = Form.useForm<PageFormValues>();
  // A new page's slug follows the title until the operator types one.
  const slugTyped = useRef(false);

  useEffect(() => {
    if (!open) return;
    slugTyped.current = Boolean(post);
    form.setFieldsValue(post ? pageValuesOf(post) : emptyPageValues());
  }, [open, post, form]);

  const onValuesChange = (changed: Partial<PageFormValues>) => {
    if ('slug' in changed) slugTyped.current = true;
    if ('title' in changed && !slugTyped.current) form.setFieldsValue({ slug: slugFromTitle(changed.title ?? '') });
  };

  const save = async (values: PageFormValues) => {
    if (!post) await createPage(pageFieldsOf(values));
    else {
      const changed = changedPageFields(post, values);
      if (Object.keys(changed).length) await updatePage(post._id, changed);
    }
  };

  return (
    <FormDrawer<PageFormValues>
      open={open}
      onClose={onClose}
      title={post ? `Edit “${post.title}”` : 'New page'}
      size="min(1100px, 100vw)"
      submitText={post ? 'Save changes' : 'Create page'}
      form={form}
      onSave={save}
      onSaved={onSaved}
      onValuesChange={onValuesChange}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label="Title" name="title" rules={pageRules.title}>
            <Input maxLength={TITLE_MAX} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Address" name="slug" rules={pageRules.slug} extra="Lower-case letters, digits and hyphens.">
            <Input prefix="/page/" maxLength={SLUG_MAX} autoCapitalize="none" spellCheck={false} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item label="Status" name="status" extra="Drafts are visible only to operators.">
            <Radio.Group optionType="button" options={[{ value: 'published', label: 'Published' }, { value: 'draft', label: 'Draft' }]} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="Footer order" name="ordering" extra="Published pages are linked in the footer, smallest first." rules={[{ type: 'integer', min: 0, max: 10_000, message: 'A whole number from 0 to 10000' }]}>
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="Content" name="content">
        <RichTextField maxLength={CONTENT_MAX} rows={18} />
      </Form.Item>
    </FormDrawer>
  );
}
