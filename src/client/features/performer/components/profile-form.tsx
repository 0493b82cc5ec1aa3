import { useEffect } from 'react';
import { Button, Col, Divider, Form, Input, Row, Select } from 'antd';
import { SOCIAL_PLATFORMS, type PerformerAccount, type PerformerUpdate } from '@/common/contract/performers';
import { CountrySelect } from '@/client/components/country-select';
import { CurrentPasswordField } from '@/client/components/current-password-field';
import { emailRules, nameRules, usernameRules } from '@/client/components/form-rules';
import { emailDiffers } from '@/client/features/user/components/account-form';
import { PendingEmailNotice } from '@/client/features/user/components/pending-email-notice';
import { useAppSelector } from '@/client/store/hooks';
import { latestAdultBirthDate } from '@/client/features/auth/components/adult-date';
import { EDITABLE_ATTRIBUTE_FIELDS } from '../performer-attribute-fields';
import { bioRules, cityRules, dateOfBirthRules, languagesRules, linkRules, LANGUAGES_MAX } from '../performer-account-rules';
import { profileUpdateOf, profileValuesOf, type ProfileValues } from '../profile-values';
import { useSavePerformer } from '../use-save-performer';
import { LanguageSelect } from './language-select';
import { SOCIAL_LABELS } from './social-links';

interface Props {
  account: PerformerAccount;
  onSaved: (account: PerformerAccount) => void;
}

/** The current password goes along only with a new email (the server needs it then, and only then). */
const withCurrentPassword = (body: PerformerUpdate, currentPassword: string | undefined): PerformerUpdate =>
  currentPassword ? { ...body, currentPassword } : body;

/**
 * Profile tab: identity, bio, place, languages, birth date, attributes and social links. A new
 * email asks for the current password and waits for the link mailed to it (the notice says so).
 */
export function ProfileForm({ account, onSaved }: Props) {
  const [form] = Form.useForm<ProfileValues>();
  const { save, saving } = useSavePerformer(onSaved);
  const hasPassword = useAppSelector((s) => s.user.current.hasPassword !== false);
  const changingEmail = emailDiffers(Form.useWatch('email', form), account.email);

  useEffect(() => {
    form.setFieldsValue({ ...profileValuesOf(account), currentPassword: undefined });
  }, [form, account]);

  return (
    <Form<ProfileValues>
      form={form}
      name="performer-profile"
      layout="vertical"
      noValidate
      requiredMark={false}
      disabled={saving}
      initialValues={profileValuesOf(account)}
      onFinish={(v) => void save(withCurrentPassword(profileUpdateOf(v, account), changingEmail ? v.currentPassword : undefined), form)}
      scrollToFirstError
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label="Display name" name="name" rules={nameRules}>
            <Input autoComplete="name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Username" name="username" rules={usernameRules} extra="Your page: /username. Letters, digits, dots and underscores.">
            <Input autoComplete="username" prefix="@" />
          </Form.Item>
        </Col>
      </Row>
      <PendingEmailNotice />
      <Form.Item
        label="Email"
        name="email"
        rules={emailRules}
        extra={changingEmail ? 'We will send a confirmation link to the new address; it changes when you open it.' : undefined}
      >
        <Input type="email" autoComplete="email" />
      </Form.Item>
      {changingEmail ? <CurrentPasswordField hasPassword={hasPassword} extra="Needed to change your email." /> : null}
      <Form.Item label="Bio" name="bio" rules={bioRules} extra="Blank line = new paragraph.">
        <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} showCount maxLength={4000} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label="Country" name="country">
            <CountrySelect allowClear placeholder="Select your country" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="City" name="city" rules={cityRules}>
            <Input autoComplete="address-level2" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Languages" name="languages" rules={languagesRules} extra={`Up to ${LANGUAGES_MAX}; type to add another.`}>
            <LanguageSelect placeholder="Languages you speak" maxCount={LANGUAGES_MAX} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Date of birth" name="dateOfBirth" rules={dateOfBirthRules} extra="Private: only your age band is shown.">
            <Input type="date" max={latestAdultBirthDate()} min="1900-01-01" />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start" plain>
        Details
      </Divider>
      <Row gutter={16}>
        {EDITABLE_ATTRIBUTE_FIELDS.map((f) => (
          <Col xs={12} lg={8} key={f.name}>
            <Form.Item label={f.shortLabel ?? f.label} name={f.name}>
              <Select options={f.options} allowClear placeholder="Not set" showSearch={{ optionFilterProp: 'label' }} />
            </Form.Item>
          </Col>
        ))}
      </Row>

      <Divider titlePlacement="start" plain>
        Social links
      </Divider>
      <Row gutter={16}>
        {SOCIAL_PLATFORMS.map((p) => (
          <Col xs={24} md={12} key={p}>
            <Form.Item label={SOCIAL_LABELS[p]} name={['socialLinks', p]} rules={linkRules}>
              <Input type="url" placeholder="https://" inputMode="url" />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Button type="primary" htmlType="submit" loading={saving}>
        Save profile
      </Button>
    </Form>
  );
}
