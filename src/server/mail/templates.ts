import type { MailMessage } from './mailer';

/** Every message has a plain-text body (read by many clients and by spam filters) and simple HTML. */
interface Template {
  to: string;
  name: string;
  siteName: string;
  link: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(siteName: string, paragraphs: string[], button: { label: string; link: string } | null, after: string[]) {
  const p = (t: string) => `<p style="margin:0 0 16px">${escapeHtml(t)}</p>`;
  const action = button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(button.link)}" style="background:#42b1e8;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(button.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#666">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(button.link)}">${escapeHtml(button.link)}</a></p>`
    : '';
  return `<!doctype html>
<html><body style="font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<h2 style="color:#42b1e8;margin:0 0 24px">${escapeHtml(siteName)}</h2>
${paragraphs.map(p).join('\n')}
${action}
${after.map(p).join('\n')}
</body></html>`;
}

const greeting = (name: string) => (name ? `Hi ${name},` : 'Hi,');

export function verifyEmailMessage(t: Template): MailMessage {
  const intro = `Please confirm that ${t.to} is your email address for your ${t.siteName} account.`;
  const after = ['The link is valid for 7 days. If you did not create an account, you can ignore this email.'];
  return {
    to: t.to,
    subject: `Verify your email address for ${t.siteName}`,
    text: [greeting(t.name), '', intro, '', `Verify your address: ${t.link}`, '', ...after, '', `The ${t.siteName} team`].join('\n'),
    html: layout(t.siteName, [greeting(t.name), intro], { label: 'Verify email address', link: t.link }, after),
  };
}

export function resetPasswordMessage(t: Template): MailMessage {
  const intro = `We received a request to reset the password of your ${t.siteName} account.`;
  const after = [
    'The link is valid for 1 hour and works once. Resetting signs you out on every device.',
    'If you did not ask for this, you can ignore this email: your password stays the same.',
  ];
  return {
    to: t.to,
    subject: `Reset your ${t.siteName} password`,
    text: [greeting(t.name), '', intro, '', `Choose a new password: ${t.link}`, '', ...after, '', `The ${t.siteName} team`].join('\n'),
    html: layout(t.siteName, [greeting(t.name), intro], { label: 'Choose a new password', link: t.link }, after),
  };
}

/**
 * Any other notice to a person (an operator's decision, a warning, a contact message): a greeting,
 * the paragraphs, an optional button, the signature. Text and HTML say the same; every value is escaped.
 */
export function noticeMessage(n: {
  to: string;
  name: string;
  siteName: string;
  subject: string;
  paragraphs: string[];
  button?: { label: string; link: string };
  /** Small print after the button (e.g. where to switch such emails off). */
  after?: string[];
}): MailMessage {
  const buttonText = n.button ? ['', `${n.button.label}: ${n.button.link}`] : [];
  const after = n.after ?? [];
  return {
    to: n.to,
    subject: n.subject,
    text: [greeting(n.name), '', ...n.paragraphs.flatMap((p) => [p, '']), ...buttonText, '', ...after.flatMap((p) => [p, '']), `The ${n.siteName} team`]
      .join('\n').replace(/\n{3,}/g, '\n\n'),
    html: layout(n.siteName, [greeting(n.name), ...n.paragraphs], n.button ?? null, after),
  };
}

/** An email change (issue 15): the link goes to the NEW address; the address changes only when it is opened. */
export function confirmEmailChangeMessage(t: Template): MailMessage {
  const intro = `Someone asked to use ${t.to} as the email address of your ${t.siteName} account. Your address changes only when you confirm it.`;
  const after = ['The link is valid for 24 hours and works once. If you did not ask for this, ignore this email: nothing changes.'];
  return {
    to: t.to,
    subject: `Confirm your new email address for ${t.siteName}`,
    text: [greeting(t.name), '', intro, '', `Confirm the new address: ${t.link}`, '', ...after, '', `The ${t.siteName} team`].join('\n'),
    html: layout(t.siteName, [greeting(t.name), intro], { label: 'Confirm new email address', link: t.link }, after),
  };
}

/** Sent to the PREVIOUS address once a change is confirmed, with the link that undoes it. */
export function emailChangedMessage(t: Template & { newEmail: string }): MailMessage {
  const intro = `The email address of your ${t.siteName} account was changed from ${t.to} to ${t.newEmail}.`;
  const warn = 'If you did not do this, undo the change now: your address comes back, every device is signed out and you choose a new password.';
  const after = ['The link is valid for 7 days. If you made this change, you can ignore this email.'];
  return {
    to: t.to,
    subject: `Your ${t.siteName} email address was changed`,
    text: [greeting(t.name), '', intro, '', warn, '', `Undo the change: ${t.link}`, '', ...after, '', `The ${t.siteName} team`].join('\n'),
    html: layout(t.siteName, [greeting(t.name), intro, warn], { label: 'Undo this change', link: t.link }, after),
  };
}
