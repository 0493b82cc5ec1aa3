import { useState, type ReactNode } from 'react';
import { Button, Drawer, Flex, Form, type FormInstance, type FormProps } from 'antd';
import { showServerErrors } from './server-errors';
import { CHANGES_SAVED } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';

interface Props<V> {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** A CSS width: `min(736px, 100vw)` keeps it whole on phones. */
  size: string;
  /** The primary button: "Create …" or "Save changes". */
  submitText: string;
  form: FormInstance<V>;
  /** Sends the checked values; a refusal's field problems go under their fields, the rest is toasted. */
  onSave: (values: V) => Promise<unknown>;
  /** After a save: the list reloads (the drawer closes once it has). */
  onSaved: () => Promise<unknown> | void;
  onValuesChange?: FormProps<V>['onValuesChange'];
  children: ReactNode;
}

/**
 * The console's create-or-edit drawer: an antd form with Cancel and a primary button in the
 * footer, disabled while saving; "Changes saved", the list reloads and the drawer closes on
 * success; the server's field problems land under their fields.
 */
export function FormDrawer<V>({ open, onClose, title, size, submitText, form, onSave, onSaved, onValuesChange, children }: Props<V>) {
  const [saving, setSaving] = useState(false);

  const onFinish = async (values: V) => {
    setSaving(true);
    try {
      await onSave(values);
      toast.success(CHANGES_SAVED);
      await onSaved();
      onClose();
    } catch (err) {
      showServerErrors(form, err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={title}
      size={size}
      destroyOnHidden
      footer={(
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose} disabled={saving}>Cancel</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>{submitText}</Button>
        </Flex>
      )}
    >
      <Form<V> form={form} layout="vertical" noValidate requiredMark="optional" onFinish={onFinish} onValuesChange={onValuesChange} disabled={saving}>
        {children}
      </Form>
    </Drawer>
  );
}
