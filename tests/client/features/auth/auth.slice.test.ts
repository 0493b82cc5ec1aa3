import {
  authReducer,
  initialAuthState,
  login,
  loginFail,
  loginSocial,
  loginSuccess,
  registerSuccess,
} from '@/client/features/auth/auth.slice';
import { setCurrentUser, updateUserSuccess } from '@/client/features/user/user.slice';
import { makeUser } from '../../fixtures';

describe('auth slice', () => {
  it('starts signed out with an idle login request', () => {
    expect(authReducer(undefined, { type: '@@init' })).toEqual({
      loggedIn: false,
      authUser: null,
      loginAuth: { requesting: false, error: null, data: null, success: false },
    });
  });

  it.each([
    ['login', login({ username: 'a', password: 'b', remember: false })],
    ['loginSocial', loginSocial({ provider: 'google', body: { token: 'x' } })],
    ['registerSuccess', registerSuccess({ token: 't' })],
  ])('%s sets requesting and clears the previous error', (_, action) => {
    const failed = authReducer(initialAuthState, loginFail({ message: 'x' }));
    expect(authReducer(failed, action).loginAuth).toEqual({ requesting: true, error: null, data: null, success: false });
  });

  it('loginSuccess signs in and stores the user', () => {
    const user = makeUser();
    const state = authReducer(authReducer(initialAuthState, login({ email: 'e', password: 'p', remember: true })), loginSuccess(user));
    expect(state).toEqual({ loggedIn: true, authUser: user, loginAuth: { requesting: false, error: null, data: user, success: true } });
  });

  it('loginFail keeps loggedIn false and stores the error', () => {
    const state = authReducer(authReducer(initialAuthState, login({ email: 'e', password: 'p', remember: true })), loginFail({ message: 'Nope' }));
    expect(state.loggedIn).toBe(false);
    expect(state.loginAuth).toEqual({ requesting: false, error: { message: 'Nope' }, data: null, success: false });
  });

  it('authUser follows the current user only while signed in', () => {
    const renamed = makeUser({ name: 'Renamed' });
    expect(authReducer(initialAuthState, setCurrentUser(renamed)).authUser).toBeNull();
    const signedIn = authReducer(initialAuthState, loginSuccess(makeUser()));
    expect(authReducer(signedIn, setCurrentUser(renamed)).authUser).toEqual(renamed);
    expect(authReducer(signedIn, updateUserSuccess(renamed)).authUser).toEqual(renamed);
  });
});
