import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { BodyOf, ResponseOf } from '@/common/contract/common';
import type { CurrentUser } from '@/common/contract/users';
import type { authRoutes } from '@/common/contract/auth';
import type { userRoutes } from '@/common/contract/users';
import type { PerformerUpdate } from '@/common/contract/performers';
import { EMPTY_USER, withPlaceholders } from './default-user';

export type UpdateUserBody = BodyOf<typeof userRoutes.update>;
export type UpdatePasswordBody = BodyOf<typeof authRoutes.changePassword>;
export type PasswordResult = ResponseOf<typeof authRoutes.changePassword>;

/** Spec 3 Current user plus the update flags the client tracks. */
export interface UserState {
  current: CurrentUser;
  error: unknown;
  /** Which form's request failed, so each form shows only its own field errors (both have a current password). */
  errorSource: 'profile' | 'password' | null;
  updating: boolean;
  updateSuccess: boolean;
  changePasswordData: PasswordResult | null;
}

export const initialUserState: UserState = {
  current: EMPTY_USER,
  error: null,
  errorSource: null,
  updating: false,
  updateSuccess: false,
  changePasswordData: null,
};

const started = (state: UserState) => {
  state.updating = true;
};
const failedIn = (source: 'profile' | 'password') => (state: UserState, action: PayloadAction<unknown>) => {
  state.error = action.payload;
  state.errorSource = source;
  state.updateSuccess = false;
  state.updating = false;
};
const succeeded = (state: UserState) => {
  state.updateSuccess = true;
  state.error = null;
  state.errorSource = null;
  state.updating = false;
};

const userSlice = createSlice({
  name: 'user',
  initialState: initialUserState,
  reducers: {
    setCurrentUser(state, action: PayloadAction<CurrentUser>) {
      state.current = withPlaceholders(action.payload);
    },
    /** Saga trigger: reload the current user from GET /users/me. */
    refreshUser() {},
    updateUser: { reducer: started, prepare: (body: UpdateUserBody) => ({ payload: body }) },
    updatePerformer: { reducer: started, prepare: (body: PerformerUpdate) => ({ payload: body }) },
    updatePassword: { reducer: started, prepare: (body: UpdatePasswordBody) => ({ payload: body }) },
    updateUserSuccess(state, action: PayloadAction<CurrentUser>) {
      state.current = withPlaceholders(action.payload);
      succeeded(state);
    },
    updateUserFail: failedIn('profile'),
    updatePasswordSuccess(state, action: PayloadAction<PasswordResult>) {
      state.changePasswordData = action.payload;
      succeeded(state);
    },
    updatePasswordFail: failedIn('password'),
    /**
     * Saga trigger: the server's absolute wallet balance (a charge's answer, a socket event). The
     * balance saga turns it into the spec 4 action below against the store's balance at that
     * moment, so nobody computes a difference from a balance captured earlier.
     */
    balanceReported(_state, _action: PayloadAction<{ balance: number }>) {},
    /** Saga trigger: read the balance from GET /users/me (after a top-up, whose answer has none). */
    refreshBalance() {},
    /** Spec 4: adds the token amount (negative for a charge) to the balance. */
    updateBalance(state, action: PayloadAction<{ token: number }>) {
      // Cents arithmetic: balances have two decimals and floats would drift (0.1 + 0.2).
      state.current.balance = Math.round((state.current.balance + action.payload.token) * 100) / 100;
    },
  },
});

export const {
  setCurrentUser,
  refreshUser,
  updateUser,
  updatePerformer,
  updatePassword,
  updateUserSuccess,
  updateUserFail,
  updatePasswordSuccess,
  updatePasswordFail,
  updateBalance,
  balanceReported,
  refreshBalance,
} = userSlice.actions;
export const userReducer = userSlice.reducer;
