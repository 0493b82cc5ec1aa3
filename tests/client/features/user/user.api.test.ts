import { http, HttpResponse } from 'msw';
import { api, server, installMswServer } from '../../../support/msw';
import { makeFile, makeUser } from '../../fixtures';
import { me, uploadAvatar } from '@/client/features/user/user.api';
import { redirectToLogin } from '@/client/lib/redirect-to-login';

jest.mock('@/client/lib/redirect-to-login', () => ({ LOGIN_PATH: '/auth/login', redirectToLogin: jest.fn() }));

installMswServer();

describe('user api', () => {
  it('me(token) sends the explicit token and leaves a 401 to the caller', async () => {
    server.use(
      http.get(api('/users/me'), ({ request }) =>
        request.headers.get('authorization') === 'good'
          ? HttpResponse.json({ data: makeUser() })
          : HttpResponse.json({ statusCode: 401, error: 'Unauthorized', message: 'Invalid token' }, { status: 401 }),
      ),
    );
    expect((await me('good')).data._id).toBe('u1');
    await expect(me('bad')).rejects.toEqual(expect.objectContaining({ statusCode: 401 }));
    expect(redirectToLogin).not.toHaveBeenCalled();
  });

  it('uploadAvatar posts the avatar field', async () => {
    let name = '';
    server.use(
      http.post(api('/users/avatar/upload'), async ({ request }) => {
        name = ((await request.formData()).get('avatar') as File).name;
        return HttpResponse.json({ data: makeUser({ avatar: '/uploads/new.jpg' }) });
      }),
    );
    expect((await uploadAvatar(makeFile('x', 'me.png'))).data.avatar).toBe('/uploads/new.jpg');
    expect(name).toBe('me.png');
  });
});
