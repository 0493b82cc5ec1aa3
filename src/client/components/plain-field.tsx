import type { ReactNode } from 'react';
import styles from './plain-field.module.css';

/** One message or several (every rule a value breaks), or none. */
type FieldError = string | readonly string[] | null | undefined;

const messagesOf = (error: FieldError): readonly string[] => (error == null ? [] : typeof error === 'string' ? [error] : error);

interface PlainFieldProps {
  /** The control's id: the label points at it, the messages are `${id}_help`, the note `${id}_extra`. */
  id: string;
  /** None for a checkbox, which names itself. */
  label?: ReactNode;
  /** The validation messages under the control, if any. */
  error?: FieldError;
  /** A note under the control (antd's `extra`), kept under the messages. */
  extra?: ReactNode;
  /** 8 px under the field instead of 24 (the first of two checkboxes that belong together). */
  tight?: boolean;
  children: ReactNode;
}

/**
 * A labelled form field drawn like antd's vertical, large Form.Item, for forms on pages drawn
 * without antd (issue 17). The control gets `aria-invalid` and `aria-describedby` from `fieldProps`.
 */
export function PlainField({ id, label, error, extra, tight, children }: PlainFieldProps) {
  const messages = messagesOf(error);
  const classes = [styles.field, tight ? styles.tight : '', messages.length ? styles.withHelp : ''].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      {label ? (
        <div className={styles.labelRow}>
          <label className={styles.label} htmlFor={id}>{label}</label>
        </div>
      ) : null}
      <div className={styles.control}>{children}</div>
      {messages.length || extra ? (
        <div className={styles.additional}>
          {messages.length ? (
            <div id={`${id}_help`} className={styles.explain} role="alert">
              {messages.map((message) => <div key={message}>{message}</div>)}
            </div>
          ) : null}
          {extra ? <div id={`${id}_extra`} className={styles.extra}>{extra}</div> : null}
        </div>
      ) : null}
    </div>
  );
}

/** The fields of a form, all disabled while it is being sent (antd Form's `disabled`). */
export function PlainFieldset({ disabled, children }: { disabled?: boolean; children: ReactNode }) {
  return (
    <fieldset className={styles.fieldset} disabled={disabled}>
      {children}
    </fieldset>
  );
}

/** The attributes a control inside a `PlainField` takes: its id, its error state and what describes it. */
export function fieldProps(id: string, error?: FieldError, { extra = false }: { extra?: boolean } = {}) {
  const invalid = messagesOf(error).length > 0;
  const describedBy = [invalid ? `${id}_help` : '', extra ? `${id}_extra` : ''].filter(Boolean).join(' ');
  return { id, 'aria-invalid': invalid ? true : undefined, 'aria-describedby': describedBy || undefined } as const;
}
