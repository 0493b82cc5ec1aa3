import { Form, Input, InputNumber, Slider, Switch } from 'antd';
import {
  AGORA_APP_ID_PATTERN, GA_CODE_PATTERN, OPTIONAL_EMAIL_PATTERN, SETTING_LIMITS, type AllSettingsValues,
} from '@/common/contract/settings';
import { numberRules } from '../settings-form-rules';
import { SettingsGroupForm, type SettingsGroupProps } from './settings-group-form';

/** A form over a few settings taken as they are (text trimmed). */
function plain<K extends keyof AllSettingsValues>(keys: readonly K[]) {
  return {
    toForm: (s: AllSettingsValues) => Object.fromEntries(keys.map((k) => [k, s[k]])) as Pick<AllSettingsValues, K>,
    fromForm: (v: Pick<AllSettingsValues, K>) =>
      Object.fromEntries(keys.map((k) => [k, typeof v[k] === 'string' ? (v[k] as string).trim() : v[k]])) as Partial<AllSettingsValues>,
  };
}

const UPLOAD_LIMITS = [
  { key: 'maxImageUploadMb', label: 'Images', max: 1024 },
  { key: 'maxVideoUploadMb', label: 'Videos', max: 10240 },
  { key: 'maxAudioUploadMb', label: 'Audio', max: 2048 },
  { key: 'maxDocumentUploadMb', label: 'Documents', max: 10240 },
] as const;
const uploads = plain([...UPLOAD_LIMITS.map((l) => l.key), 'volume']);

/** Upload size limits per kind of file (checked while a file streams in) and the players' starting volume. */
export function UploadSettings({ settings, onSaved }: SettingsGroupProps) {
  return (
    <SettingsGroupForm title="Uploads" description="The largest file creators and fans may upload, per kind, in megabytes." settings={settings} onSaved={onSaved} {...uploads}>
      {UPLOAD_LIMITS.map((limit) => (
        <Form.Item key={limit.key} name={limit.key} label={`${limit.label} (MB)`} rules={numberRules(`${limit.label} limit`, 1, limit.max, { integer: true })}>
          <InputNumber style={{ width: 200 }} suffix="MB" />
        </Form.Item>
      ))}
      <Form.Item name="volume" label="Players' starting volume" extra="Where video and audio players start, from silent to full.">
        <Slider min={0} max={1} step={0.05} tooltip={{ formatter: (v) => `${Math.round((v ?? 0) * 100)} %` }} style={{ maxWidth: 320 }} />
      </Form.Item>
    </SettingsGroupForm>
  );
}

const live = plain(['agoraEnable', 'agoraAppId'] as const);

/** Live streaming through Agora: on only with the switch, an App ID and the server's AGORA_APP_CERTIFICATE. */
export function LiveSettings({ settings, onSaved }: SettingsGroupProps) {
  return (
    <SettingsGroupForm
      title="Live"
      description="Live streaming needs the switch, the Agora App ID and the API's AGORA_APP_CERTIFICATE; without all three it stays off."
      settings={settings}
      onSaved={onSaved}
      {...live}
    >
      <Form.Item name="agoraEnable" label="Live streaming" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="agoraAppId" label="Agora App ID" rules={[{ pattern: new RegExp(AGORA_APP_ID_PATTERN), message: 'An Agora App ID is 32 hexadecimal characters' }]}>
        <Input maxLength={SETTING_LIMITS.keyMax} autoComplete="off" placeholder="32 hexadecimal characters" />
      </Form.Item>
    </SettingsGroupForm>
  );
}

const contact = plain(['adminEmail'] as const);

/** Where contact messages and operator alerts are mailed. */
export function ContactSettings({ settings, onSaved }: SettingsGroupProps) {
  return (
    <SettingsGroupForm title="Contact" settings={settings} onSaved={onSaved} {...contact}>
      <Form.Item
        name="adminEmail"
        label="Operators' email"
        extra="Contact messages are mailed here; empty keeps them in the console only."
        rules={[
          { max: 254, message: 'At most 254 characters' },
          { pattern: new RegExp(OPTIONAL_EMAIL_PATTERN), message: 'Enter an email address, or leave it empty' },
        ]}
      >
        <Input type="email" autoComplete="off" placeholder="ops@example.com" />
      </Form.Item>
    </SettingsGroupForm>
  );
}

const analytics = plain(['gaCode'] as const);

/** Google Analytics for every page, by its measurement id. */
export function AnalyticsSettings({ settings, onSaved }: SettingsGroupProps) {
  return (
    <SettingsGroupForm title="Analytics" settings={settings} onSaved={onSaved} {...analytics}>
      <Form.Item
        name="gaCode"
        label="Google Analytics id"
        extra="Empty: no analytics script is loaded."
        rules={[{ pattern: new RegExp(GA_CODE_PATTERN), message: 'Use an id such as G-XXXXXXX or UA-1234567-1' }]}
      >
        <Input autoComplete="off" placeholder="G-XXXXXXX" />
      </Form.Item>
    </SettingsGroupForm>
  );
}
