import {
  initialUserState,
  setCurrentUser,
  updateBalance,
  updatePassword,
  updatePasswordFail,
  updatePasswordSuccess,
  updatePerformer,
  updateUser,
  updateUserFail,
  updateUserSuccess,
  userReducer,
  type UserState,
} from '@/client/features/user/user.slice';
import { makeUser } from '../../fixtures';

describe('user slice', () => {
  it('starts with an empty user with placeholder images and zero balance', () => {
    const state = userReducer(undefined, { type: '@@init' });
    expect(state.current).toEqual(
      expect.objectContaining({
        _id: '',
        avatar: '/images/avatar-placeholder.svg',
        cover: '/images/cover-placeholder.svg',
        balance: 0,
        isPerformer: false,
      }),
    );
    expect(state).toEqual(expect.objectContaining({ error: null, updating: false, updateSuccess: false, changePasswordData: null }));
  });

  it('setCurrentUser stores the user, filling missing images with placeholders', () => {
    const state = userReducer(initialUserState, setCurrentUser(makeUser({ avatar: '', cover: '' })));
    expect(state.current.name).toBe('Fan One');
    expect(state.current.avatar).toBe('/images/avatar-placeholder.svg');
    expect(state.current.cover).toBe('/images/cover-placeholder.svg');
  });

  it.each([
    ['updateUser', updateUser({ name: 'x' })],
    ['updatePerformer', updatePerformer({ name: 'x' })],
    ['updatePassword', updatePassword({ password: 'new-password', source: 'user' })],
  ])('%s sets updating', (_, action) => {
    expect(userReducer(initialUserState, action).updating).toBe(true);
  });

  it('update success stores the user, sets updateSuccess, clears error and updating', () => {
    const before: UserState = { ...initialUserState, updating: true, error: { message: 'old' } };
    const user = makeUser({ name: 'New' });
    expect(userReducer(before, updateUserSuccess(user))).toEqual({ ...before, current: user, updating: false, updateSuccess: true, error: null });
  });

  it('update failure stores the error and that the profile form failed, clears updateSuccess and updating', () => {
    const before: UserState = { ...initialUserState, updating: true, updateSuccess: true };
    expect(userReducer(before, updateUserFail({ message: 'Taken' }))).toEqual({
      ...before, updating: false, updateSuccess: false, error: { message: 'Taken' }, errorSource: 'profile',
    });
  });

  it('password success stores the result; failure the error', () => {
    const before: UserState = { ...initialUserState, updating: true };
    expect(userReducer(before, updatePasswordSuccess({ success: true }))).toEqual({
      ...before, updating: false, updateSuccess: true, error: null, changePasswordData: { success: true },
    });
    expect(userReducer(before, updatePasswordFail({ message: 'Too short' }))).toEqual({
      ...before, updating: false, updateSuccess: false, error: { message: 'Too short' }, errorSource: 'password',
    });
  });

  it('updateBalance adds the token amount (two decimals, negative for charges)', () => {
    let state = userReducer(initialUserState, setCurrentUser(makeUser({ balance: 10.1 })));
    state = userReducer(state, updateBalance({ token: 0.2 }));
    expect(state.current.balance).toBe(10.3);
    state = userReducer(state, updateBalance({ token: -5 }));
    expect(state.current.balance).toBe(5.3);
  });
});
