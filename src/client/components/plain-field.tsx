import type { ReactNode } from 'react';
import styles from './plain-field.module.css';

interface PlainFieldProps {
  /** The control's id: the label points at it, and the message is `${id}_help`. */
  id: string;
  label: ReactNode;
  /** The validation message under the control, if any. */
  error?: string | null;
  children: ReactNode;
}

/**
 * A labelled form field drawn like antd's vertical Form.Item, for forms on pages drawn without
 * antd (issue 17). The control gets `aria-invalid` and `aria-describedby` from `fieldProps`.
 */
export function PlainField({ id, label, error, children }: PlainFieldProps) {
  return (
    <div className={error ? `${styles.field} ${styles.withHelp}` : styles.field}>
      <div className={styles.labelRow}>
        <label className={styles.label} htmlFor={id}>{label}</label>
      </div>
      {children}
      {error ? <div id={`${id}_help`} className={styles.explain} role="alert">{error}</div> : null}
    </div>
  );
}

/** The attributes a control inside a `PlainField` takes: its id and its error state. */
export function fieldProps(id: string, error?: string | null) {
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}_help` : undefined } as const;
}
