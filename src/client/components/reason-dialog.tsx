import dynamic from 'next/dynamic';
import type { ReactNode } from 'react';
import { useOpenedOnce } from '@/client/hooks/use-opened-once';

export interface ReasonDialogProps {
  open: boolean;
  title: ReactNode;
  okText: string;
  /** A destructive action: the button is red. */
  danger?: boolean;
  /** What the action does, in words, above the field (said before anyone presses the button). */
  children?: ReactNode;
  /** The field's label, tied to the box by `fieldId`; `ariaLabel` names the box on its own when the label is long. */
  label: ReactNode;
  fieldId: string;
  ariaLabel?: string;
  maxLength: number;
  placeholder?: string;
  /** Said under the empty field when OK is pressed; without it, OK waits until something is typed. */
  missingText?: string;
  /** The API's name for the field: a refusal's `details` about it show under it. */
  apiField?: string;
  /** Fields after the reason (a suspension's end). */
  more?: ReactNode;
  /**
   * Sends the trimmed reason. A rejection shows its message in the dialog, which stays open with
   * what was typed; answering `false` keeps it open without a message (the caller said why).
   */
  onSubmit: (reason: string) => Promise<unknown>;
  onCancel: () => void;
}

// Modal, Form and the counting text area stay out of the console lists' first load.
const ReasonDialogBody = dynamic(() => import('./reason-dialog-body').then((m) => m.ReasonDialogBody), { ssr: false });

/**
 * An operator decision that needs a reason the other side is told (warn, suspend, hide, reject,
 * refund): says what happens, asks the reason, and shows the server's refusal in place so the
 * operator reads it before deciding what to do next. Cleared when it is sent or cancelled. Its code
 * loads when it first opens and it stays mounted after, so it can animate closed.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  const mounted = useOpenedOnce(props.open);
  return mounted ? <ReasonDialogBody {...props} /> : null;
}
