import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import { PlainIcon } from './plain-icon';
import styles from './plain-input.module.css';

interface PlainInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix' | 'size'> {
  prefix?: ReactNode;
  suffix?: ReactNode;
}

/**
 * A text input drawn like antd's large Input with a prefix icon, for forms on pages drawn without
 * antd (issue 17). `aria-invalid` draws the error border, as antd's `status="error"`.
 */
export function PlainInput({ prefix, suffix, className, disabled, ...input }: PlainInputProps) {
  return (
    <span className={className ? `${styles.wrapper} ${className}` : styles.wrapper} data-invalid={input['aria-invalid'] ? 'true' : undefined} data-disabled={disabled ? 'true' : undefined}>
      {prefix ? <span className={styles.prefix}>{prefix}</span> : null}
      <input className={styles.input} disabled={disabled} {...input} />
      {suffix ? <span className={styles.suffix}>{suffix}</span> : null}
    </span>
  );
}

/** antd's Input.Password: the same input with an eye that shows or hides what was typed. */
export function PlainPasswordInput(props: Omit<PlainInputProps, 'type' | 'suffix'>) {
  const [visible, setVisible] = useState(false);
  const toggle = (
    <button type="button" className={styles.toggle} aria-label={visible ? 'Hide characters' : 'Show characters'} aria-pressed={visible} disabled={props.disabled} onClick={() => setVisible((v) => !v)}>
      <PlainIcon icon={visible ? EyeOutlined : EyeInvisibleOutlined} aria-hidden />
    </button>
  );
  return <PlainInput {...props} type={visible ? 'text' : 'password'} suffix={toggle} />;
}
