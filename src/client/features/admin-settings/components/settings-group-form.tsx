import { useEffect, useState, type ReactNode } from 'react';
import { Button, Card, Flex, Form, Modal, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import type { AllSettingsValues, SettingImageKey } from '@/common/contract/settings';
import { showServerErrors } from '@/client/components/server-errors';
import { toast } from '@/client/lib/toast';
import { saveSettings } from '../admin-settings.api';
import { useRefreshPublicSettings } from '../use-refresh-public-settings';

export type SettingsChanges = Partial<AllSettingsValues>;

/** What every group gets from the page: the stored settings and how to report a save or an upload. */
export interface SettingsGroupProps {
  settings: AllSettingsValues;
  onSaved: (all: AllSettingsValues) => void;
  onImageUploaded: (key: SettingImageKey, url: string) => void;
}

/** A question asked before a change is saved (turning maintenance mode on). */
export interface Confirmation {
  title: string;
  content: ReactNode;
  okText: string;
}

// Values compared as JSON: a menu edited back to what it was is no change.
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

interface Props<V extends object> {
  title: string;
  description?: ReactNode;
  settings: AllSettingsValues;
  onSaved: (all: AllSettingsValues) => void;
  /** The form's values from the settings (e.g. the commission as a percentage). */
  toForm: (settings: AllSettingsValues) => V;
  /** The settings the form's values stand for. */
  fromForm: (values: V) => SettingsChanges;
  confirm?: (changes: SettingsChanges) => Confirmation | null;
  children: ReactNode;
}

/**
 * One group of settings saved on its own: only the settings that differ from the stored ones are
 * sent; the server's field problems appear under their fields ("menus.0.path" under that menu
 * item); after a save the form shows the values as stored (trimmed, sanitised) and the store's
 * public settings are read again so the console reflects the change.
 */
export function SettingsGroupForm<V extends object>({ title, description, settings, onSaved, toForm, fromForm, confirm, children }: Props<V>) {
  const [form] = Form.useForm<V>();
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [pending, setPending] = useState<{ changes: SettingsChanges; question: Confirmation } | null>(null);
  const refreshPublic = useRefreshPublicSettings();

  // The stored values go through the form's round trip too, so a representation the form would not
  // produce (a menu item with `isNewTab: false` spelled out) does not count as a change.
  const changesOf = (values: V): SettingsChanges => {
    const stored = fromForm(toForm(settings)) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(fromForm(values)).filter(([key, value]) => !same(value, stored[key])));
  };
  const recount = () => setDirty(Object.keys(changesOf(form.getFieldsValue(true) as V)).length > 0);

  // An upload sets its setting on the server at once: the stored value moves, the form follows.
  useEffect(recount, [settings]); // eslint-disable-line react-hooks/exhaustive-deps -- recount reads the latest form and settings

  const send = async (changes: SettingsChanges) => {
    setPending(null);
    setSaving(true);
    try {
      const res = await saveSettings(changes);
      onSaved(res.data);
      form.setFieldsValue(toForm(res.data) as Parameters<typeof form.setFieldsValue>[0]);
      setDirty(false);
      toast.success('Changes saved');
      await refreshPublic();
    } catch (err) {
      showServerErrors(form, err);
    } finally {
      setSaving(false);
    }
  };

  const submit = (values: V) => {
    const changes = changesOf({ ...(form.getFieldsValue(true) as V), ...values });
    if (!Object.keys(changes).length) return;
    const question = confirm?.(changes);
    if (question) setPending({ changes, question });
    else void send(changes);
  };

  return (
    <Card title={title}>
      {description ? <Typography.Paragraph type="secondary">{description}</Typography.Paragraph> : null}
      <Form<V>
        form={form}
        layout="vertical"
        initialValues={toForm(settings)}
        onFinish={submit}
        onValuesChange={recount}
        aria-label={title}
        scrollToFirstError
      >
        {children}
        <Flex justify="flex-end" gap={8} align="center">
          {dirty ? <Typography.Text type="secondary">Unsaved changes</Typography.Text> : null}
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving} disabled={!dirty}>
            Save {title.toLowerCase()}
          </Button>
        </Flex>
      </Form>
      <Modal
        open={Boolean(pending)}
        title={pending?.question.title}
        okText={pending?.question.okText}
        okButtonProps={{ danger: true }}
        cancelText="Cancel"
        onOk={() => pending && void send(pending.changes)}
        onCancel={() => setPending(null)}
        destroyOnHidden
      >
        {pending?.question.content}
      </Modal>
    </Card>
  );
}
