import { Alert, Form, Input, Switch } from 'antd';
import type { AllSettingsValues } from '@/common/contract/settings';
import { RECAPTCHA_SITE_KEY_PATTERN, SETTING_LIMITS } from '@/common/contract/settings';
import { CountrySelect } from '@/client/components/country-select';
import { linkRules } from '../settings-form-rules';
import { ImageSettingField } from './image-setting-field';
import { SettingsGroupForm, type Confirmation, type SettingsChanges, type SettingsGroupProps } from './settings-group-form';

interface AccessValues {
  maintenanceMode: boolean;
  maintenanceImage: string;
  requireEmailVerification: boolean;
  blockedCountries: string[];
  requireCreatorVerification: boolean;
  reCaptchaEnabled: boolean;
  reCaptchaSiteKey: string;
}

const toForm = (s: AllSettingsValues): AccessValues => ({
  maintenanceMode: s.maintenanceMode, maintenanceImage: s.maintenanceImage, requireEmailVerification: s.requireEmailVerification,
  blockedCountries: s.blockedCountries, requireCreatorVerification: s.requireCreatorVerification,
  reCaptchaEnabled: s.reCaptchaEnabled, reCaptchaSiteKey: s.reCaptchaSiteKey,
});
const fromForm = (v: AccessValues) => ({
  ...v, maintenanceImage: (v.maintenanceImage ?? '').trim(), blockedCountries: v.blockedCountries ?? [], reCaptchaSiteKey: (v.reCaptchaSiteKey ?? '').trim(),
});

export const MAINTENANCE_ON_QUESTION: Confirmation = {
  title: 'Turn maintenance mode on?',
  content: 'Visitors will see the maintenance screen; operators keep the console.',
  okText: 'Turn it on',
};

/** Turning maintenance on takes the whole site away from visitors: asked first. Turning it off is not. */
const confirm = (changes: SettingsChanges) => (changes.maintenanceMode === true ? MAINTENANCE_ON_QUESTION : null);

/** Who may use the site: maintenance mode, email and creator verification, blocked countries, reCAPTCHA. */
export function AccessSettings({ settings, onSaved, onImageUploaded }: SettingsGroupProps) {
  return (
    <SettingsGroupForm
      title="Access"
      description="Changes here reach visitors on their next page load."
      settings={settings}
      onSaved={onSaved}
      toForm={toForm}
      fromForm={fromForm}
      confirm={confirm}
    >
      {settings.maintenanceMode ? (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="Maintenance mode is on: visitors see the maintenance screen." />
      ) : null}
      <Form.Item name="maintenanceMode" label="Maintenance mode" valuePropName="checked" extra="Everyone but operators sees the maintenance screen; the login page stays open.">
        <Switch />
      </Form.Item>
      <Form.Item name="maintenanceImage" label="Maintenance image" rules={linkRules('Maintenance image', { optional: true })}>
        <ImageSettingField settingKey="maintenanceImage" label="Maintenance image" previewSize={{ width: 160, height: 100 }} onUploaded={onImageUploaded} />
      </Form.Item>
      <Form.Item name="requireEmailVerification" label="Require email verification" valuePropName="checked" extra="New accounts must confirm their email address before they can sign in.">
        <Switch />
      </Form.Item>
      <Form.Item name="requireCreatorVerification" label="Require creator verification" valuePropName="checked" extra="Creators are listed and can be paid only after an operator approved their identity documents.">
        <Switch />
      </Form.Item>
      <Form.Item
        name="blockedCountries"
        label="Blocked countries"
        extra="Visitors from these countries see the blocking screen (their country comes from their IP address)."
        rules={[{ type: 'array', max: SETTING_LIMITS.blockedCountriesMax, message: `At most ${SETTING_LIMITS.blockedCountriesMax} countries` }]}
      >
        <CountrySelect mode="multiple" allowClear placeholder="No country is blocked" />
      </Form.Item>
      <Form.Item
        name="reCaptchaEnabled"
        label="reCAPTCHA"
        valuePropName="checked"
        extra="Sign-up, forgot password, contact and a sign-in after three failures ask for Google's “I'm not a robot” check. Works only with a site key here and RECAPTCHA_SECRET_KEY on the API server."
      >
        <Switch />
      </Form.Item>
      <Form.Item
        name="reCaptchaSiteKey"
        label="reCAPTCHA site key (v2 checkbox)"
        rules={[
          { max: SETTING_LIMITS.keyMax, message: `At most ${SETTING_LIMITS.keyMax} characters` },
          { pattern: new RegExp(RECAPTCHA_SITE_KEY_PATTERN), message: 'A site key is 20 to 100 letters, digits, - or _' },
        ]}
      >
        <Input autoComplete="off" placeholder="6Lc…" />
      </Form.Item>
    </SettingsGroupForm>
  );
}
