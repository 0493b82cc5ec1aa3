import { act, fireEvent, waitFor } from '@testing-library/react';
import { makeUser } from '../../fixtures';

/** A signed-in operator. */
export const admin = makeUser({ _id: 'a1', role: 'admin', username: 'ops', name: 'Ops' });

/** The open antd drawer (rendered in a portal). */
export const drawer = () => document.querySelector('.ant-drawer-content-wrapper') as HTMLElement;

export async function openDrawer(button: HTMLElement) {
  await act(async () => { fireEvent.click(button); });
  await waitFor(() => expect(drawer()).not.toBeNull());
}

/** What a JSON or multipart request sent, for assertions (files as `file:<name>`). */
export async function bodyOf(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('multipart/form-data')) {
    const form = await request.formData();
    return Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${(v as File).name}`]));
  }
  return type.includes('json') ? request.json() : null;
}
