import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../support/server';
import { registerFan } from '../../support/accounts';
import { multipart } from '../../support/multipart';
import { users } from '../../../src/server/db/schema';
import { ageBandOf } from '../../../src/common/constants/performer-attributes';

// Jest ignores testTimeout inside `projects`; booting PGlite alone can take several seconds.
jest.setTimeout(30_000);

let server: TestServer;
let performerId: string;
beforeAll(async () => {
  server = await startTestServer();
  const image = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#888' } }).jpeg().toBuffer();
  const body = await multipart(
    { name: 'Lena Star', username: 'LenaStar', email: 'lena@example.com', password: 'lena-password', gender: 'female', dateOfBirth: '1990-01-01', country: 'fr', ageConfirmed: 'true', termsAccepted: 'true' },
    { idDocument: { content: image, filename: 'id.jpg' }, selfie: { content: image, filename: 'me.jpg' } },
  );
  const res = await server.app.inject({ method: 'POST', url: '/auth/performers/register', ...body });
  const me = await server.app.inject({ method: 'GET', url: '/users/me', headers: { authorization: res.json().data.token } });
  performerId = me.json().data._id;
  // Boot, a registration (password hash) and two identity images processed: on a busy 2-core CI
  // machine this took over the file's 30 s once, so the set-up gets its own allowance.
}, 120_000);
afterAll(() => server.close());

const view = (id: string) => server.app.inject({ method: 'GET', url: `/performers/${encodeURIComponent(id)}` });

describe('GET /performers/:id', () => {
  it('finds a performer by username in any case, or by id', async () => {
    const expected = {
      _id: performerId,
      name: 'Lena Star',
      username: 'lenastar',
      avatar: `${server.config.webOrigin}/images/avatar-placeholder.svg`,
      cover: `${server.config.webOrigin}/images/cover-placeholder.svg`,
      bio: '',
      bioExcerpt: '',
      country: 'FR',
      city: null,
      languages: [],
      gender: 'female',
      // The band only: the date of birth itself stays private.
      age: ageBandOf('1990-01-01'),
      sexualOrientation: null,
      height: null,
      weight: null,
      bodyType: null,
      ethnicity: null,
      size: null,
      hairColor: null,
      eyeColor: null,
      socialLinks: {},
      welcomeVideo: null,
      verifiedDocument: false,
      isFreeSubscription: false,
      freeSubscriptionDays: 0,
      monthlyPrice: 9.95,
      yearlyPrice: 99.95,
      stats: { posts: 0, photos: 0, videos: 0, followers: 0, likes: 0, subscribers: 0 },
      isFollowed: false,
      isBookmarked: false,
      isSubscribed: false,
      subscription: null,
      createdAt: expect.any(String),
    };
    for (const id of ['lenastar', 'LenaStar', performerId, performerId.toUpperCase()]) {
      const res = await view(id);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual(expected);
    }
    // Private registration data never appears on the public profile.
    expect((await view('lenastar')).body).not.toMatch(/dateOfBirth|1990|private\/|email/);
  });

  it('answers 404 for fans, unknown names, garbage ids and deactivated performers', async () => {
    const fan = await registerFan(server.app);
    for (const id of [fan.username, fan.id, 'nobody', '00000000-0000-0000-0000-000000000000', "x' or 1=1 --", '../etc']) {
      const res = await view(id);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Performer not found');
    }
    await server.app.db.update(users).set({ status: 'inactive' }).where(eq(users.id, performerId));
    expect((await view('lenastar')).statusCode).toBe(404);
    await server.app.db.update(users).set({ status: 'active' }).where(eq(users.id, performerId));
  });
});
