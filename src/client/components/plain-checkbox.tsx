import type { InputHTMLAttributes, ReactNode } from 'react';
import styles from './plain-checkbox.module.css';

/** antd's Checkbox for forms on pages drawn without antd (issue 17): a native checkbox, antd's look. */
export function PlainCheckbox({ children, ...input }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { children: ReactNode }) {
  return (
    <label className={styles.wrapper}>
      <span className={styles.box}>
        <input type="checkbox" className={styles.input} {...input} />
      </span>
      <span className={styles.text}>{children}</span>
    </label>
  );
}
