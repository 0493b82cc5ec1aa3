import { makeFile } from '../fixtures';
import { http, HttpResponse } from 'msw';
import { api, server, installMswServer } from '../../support/msw';
import { percentOf, toFormData, upload } from '@/client/lib/upload';
import { removeToken, setToken } from '@/client/lib/cookies';
import type { ErrorBody } from '@/common/contract/common';

installMswServer();
afterEach(() => removeToken());

describe('upload', () => {
  it('posts multipart with files, custom data and the token, reporting progress up to 100', async () => {
    let received: { authorization: string | null; type: string | null; fields: Record<string, string>; fileName?: string; fileText?: string } | null = null;
    server.use(
      http.post(api('/performer/feeds/photo/upload'), async ({ request }) => {
        const form = await request.formData();
        const file = form.get('photo') as File;
        received = {
          authorization: request.headers.get('authorization'),
          type: request.headers.get('content-type'),
          fields: { title: String(form.get('title')), tags: String(form.get('tags')) },
          fileName: file.name,
          fileText: await file.text(),
        };
        return HttpResponse.json({ data: { _id: 'f1' } });
      }),
    );
    setToken('tok', false);
    const progress: number[] = [];
    const file = makeFile('hello', 'a.jpg', 'image/jpeg');
    const body = await upload('/performer/feeds/photo/upload', [{ fieldname: 'photo', file }], {
      customData: { title: 'Hi', tags: ['a', 'b'], skipped: undefined },
      onProgress: (p) => progress.push(p),
    });
    expect(body).toEqual({ data: { _id: 'f1' } });
    expect(received).toEqual({
      authorization: 'tok',
      type: expect.stringContaining('multipart/form-data'),
      fields: { title: 'Hi', tags: '["a","b"]' },
      fileName: 'a.jpg',
      fileText: 'hello',
    });
    expect(progress.at(-1)).toBe(100);
    progress.forEach((p) => expect(p).toBeGreaterThanOrEqual(0));
  });

  it('rejects with the response body on failure (spec 8)', async () => {
    const body: ErrorBody = { statusCode: 413, error: 'Payload Too Large', message: 'File too large' };
    server.use(http.post(api('/users/avatar/upload'), () => HttpResponse.json(body, { status: 413 })));
    const file = makeFile('x', 'a.png');
    await expect(upload('/users/avatar/upload', [{ fieldname: 'avatar', file }])).rejects.toEqual(body);
  });

  it('percentOf turns progress events into 0..100', () => {
    expect(percentOf({ loaded: 50, total: 200 })).toBe(25);
    expect(percentOf({ loaded: 300, total: 200 })).toBe(100);
    expect(percentOf({ loaded: 10, total: undefined })).toBe(0);
  });

  it('toFormData names a Blob after its field', () => {
    const form = toFormData([{ fieldname: 'doc', file: new Blob(['x']) }]);
    expect((form.get('doc') as File).name).toBe('doc');
  });
});
