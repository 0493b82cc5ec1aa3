import { Form, Input, Typography } from 'antd';
import type { AllSettingsValues } from '@/common/contract/settings';
import { SETTING_LIMITS } from '@/common/contract/settings';
import type { MenuItem } from '@/common/constants/settings';
import { linkRules } from '../settings-form-rules';
import { ImageSettingField } from './image-setting-field';
import { MenuEditor, menusFromForm, menusToForm } from './menu-editor';
import { SettingsGroupForm, type SettingsGroupProps } from './settings-group-form';

interface GeneralValues {
  siteName: string;
  logoUrl: string;
  darkmodeLogoUrl: string;
  favicon: string;
  menus: MenuItem[];
}

const toForm = (s: AllSettingsValues): GeneralValues => ({
  siteName: s.siteName, logoUrl: s.logoUrl, darkmodeLogoUrl: s.darkmodeLogoUrl, favicon: s.favicon, menus: menusToForm(s.menus),
});
const fromForm = (v: GeneralValues) => ({
  siteName: (v.siteName ?? '').trim(), logoUrl: (v.logoUrl ?? '').trim(), darkmodeLogoUrl: (v.darkmodeLogoUrl ?? '').trim(),
  favicon: (v.favicon ?? '').trim(), menus: menusFromForm(v.menus),
});

/** Site name, logos, favicon and the header and footer menus. */
export function GeneralSettings({ settings, onSaved, onImageUploaded }: SettingsGroupProps) {
  return (
    <SettingsGroupForm title="General" description="How the site names and presents itself." settings={settings} onSaved={onSaved} toForm={toForm} fromForm={fromForm}>
      <Form.Item
        name="siteName"
        label="Site name"
        rules={[
          { required: true, whitespace: true, message: 'Enter the site name' },
          { max: SETTING_LIMITS.siteNameMax, message: `Site name must be at most ${SETTING_LIMITS.siteNameMax} characters` },
        ]}
      >
        <Input maxLength={SETTING_LIMITS.siteNameMax} showCount />
      </Form.Item>
      <Form.Item name="logoUrl" label="Logo" extra="Shown in the header; without one, the site name is." rules={linkRules('Logo', { optional: true })}>
        <ImageSettingField settingKey="logoUrl" label="Logo" onUploaded={onImageUploaded} />
      </Form.Item>
      <Form.Item name="darkmodeLogoUrl" label="Dark mode logo" extra="Used on dark backgrounds; without one, the logo is." rules={linkRules('Dark mode logo', { optional: true })}>
        <ImageSettingField settingKey="darkmodeLogoUrl" label="Dark mode logo" background="dark" onUploaded={onImageUploaded} />
      </Form.Item>
      <Form.Item name="favicon" label="Favicon" extra="The browser tab's icon; uploads become a 64 px PNG." rules={linkRules('Favicon', { optional: true })}>
        <ImageSettingField settingKey="favicon" label="Favicon" previewSize={{ width: 48, height: 48 }} onUploaded={onImageUploaded} />
      </Form.Item>
      <Typography.Title level={5} style={{ marginTop: 0 }}>Menus</Typography.Title>
      <MenuEditor />
    </SettingsGroupForm>
  );
}
