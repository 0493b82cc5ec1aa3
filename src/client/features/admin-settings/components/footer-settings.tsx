import { Form } from 'antd';
import type { AllSettingsValues } from '@/common/contract/settings';
import { SETTING_LIMITS } from '@/common/contract/settings';
import { RichTextField } from '@/client/components/rich-text-field';
import { SettingsGroupForm, type SettingsGroupProps } from './settings-group-form';
import { formatCount } from '@/client/lib/format-amount';

const toForm = (s: AllSettingsValues) => ({ footerContent: s.footerContent });
const fromForm = (v: { footerContent?: string }) => ({ footerContent: (v.footerContent ?? '').trim() });

/** The footer's text: rich text through the app's editor, sanitised by the same allow-list on the server. */
export function FooterSettings({ settings, onSaved }: SettingsGroupProps) {
  return (
    <SettingsGroupForm
      title="Footer"
      description="Text under every page, above the copyright line (for example your company's address)."
      settings={settings}
      onSaved={onSaved}
      toForm={toForm}
      fromForm={fromForm}
    >
      <Form.Item
        name="footerContent"
        label="Footer text"
        rules={[{ max: SETTING_LIMITS.footerContentMax, message: `At most ${formatCount(SETTING_LIMITS.footerContentMax)} characters` }]}
      >
        <RichTextField maxLength={SETTING_LIMITS.footerContentMax} rows={8} />
      </Form.Item>
    </SettingsGroupForm>
  );
}
