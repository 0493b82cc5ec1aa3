import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CurrentUser } from '@/common/contract/users';
import { setCurrentUser, updateUserSuccess } from '../user/user.slice';

export interface LoginPayload {
  username?: string;
  email?: string;
  password: string;
  remember: boolean;
  /** Page to return to (the redirect query parameter of /auth/login). */
  redirect?: string;
  /** reCAPTCHA token, sent as a header (needed after three failed sign-ins while it is on). */
  reCaptchaToken?: string | null;
}

export type SocialProvider = 'google' | 'twitter';

export interface LoginSocialPayload {
  provider: SocialProvider;
  /** The provider's answer: googleLogin body for google, twitterCallback body for twitter. */
  body: object;
  remember?: boolean;
  redirect?: string;
}

/** A registration answered with a token: sign in with it (same path as login). */
export interface RegisterSuccessPayload {
  token: string;
  remember?: boolean;
  redirect?: string;
}

/**
 * A password (or social) sign-in that needs the second factor: kept in `loginAuth.data` while the
 * form asks for the code, so the auth state keeps the spec's shape.
 */
export interface TwoFactorPending {
  twoFactorRequired: true;
  challenge: string;
  remember: boolean;
  redirect?: string;
}

export interface VerifyTwoFactorPayload {
  /** A 6-digit TOTP code or a recovery code. */
  code: string;
}

export const twoFactorPendingOf = (data: unknown): TwoFactorPending | null =>
  data && typeof data === 'object' && (data as TwoFactorPending).twoFactorRequired === true ? (data as TwoFactorPending) : null;

export interface LoginRequestState {
  requesting: boolean;
  error: unknown;
  data: unknown;
  success: boolean;
}

/** Spec 3 Auth state. */
export interface AuthState {
  loggedIn: boolean;
  authUser: CurrentUser | null;
  loginAuth: LoginRequestState;
}

export const initialAuthState: AuthState = {
  loggedIn: false,
  authUser: null,
  loginAuth: { requesting: false, error: null, data: null, success: false },
};

const startLogin = (state: AuthState) => {
  state.loginAuth = { requesting: true, error: null, data: null, success: false };
};

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    login: { reducer: startLogin, prepare: (payload: LoginPayload) => ({ payload }) },
    loginSocial: { reducer: startLogin, prepare: (payload: LoginSocialPayload) => ({ payload }) },
    registerSuccess: { reducer: startLogin, prepare: (payload: RegisterSuccessPayload) => ({ payload }) },
    /** The credentials were right; the code is asked for next. */
    twoFactorRequired(state, action: PayloadAction<TwoFactorPending>) {
      state.loginAuth = { requesting: false, error: null, data: action.payload, success: false };
    },
    verifyTwoFactor: {
      reducer(state) {
        state.loginAuth = { ...state.loginAuth, requesting: true, error: null };
      },
      prepare: (payload: VerifyTwoFactorPayload) => ({ payload }),
    },
    /** A wrong code: the challenge stays, so the person can try again. */
    twoFactorFail(state, action: PayloadAction<unknown>) {
      state.loginAuth = { ...state.loginAuth, requesting: false, error: action.payload };
    },
    /** Back to the password form. */
    cancelTwoFactor(state) {
      state.loginAuth = initialAuthState.loginAuth;
    },
    loginSuccess(state, action: PayloadAction<CurrentUser>) {
      state.loggedIn = true;
      state.authUser = action.payload;
      state.loginAuth = { requesting: false, error: null, data: action.payload, success: true };
    },
    loginFail(state, action: PayloadAction<unknown>) {
      state.loggedIn = false;
      state.loginAuth = { requesting: false, error: action.payload, data: null, success: false };
    },
    /** Saga trigger; the state reset happens on logoutSuccess in the root reducer. */
    logout() {},
    logoutSuccess() {},
  },
  extraReducers: (builder) => {
    // authUser follows the current user once signed in, so no screen shows a stale name.
    const follow = (state: AuthState, action: PayloadAction<CurrentUser>) => {
      if (state.loggedIn) state.authUser = action.payload;
    };
    builder.addCase(setCurrentUser, follow).addCase(updateUserSuccess, follow);
  },
});

export const {
  login,
  loginSocial,
  registerSuccess,
  twoFactorRequired,
  verifyTwoFactor,
  twoFactorFail,
  cancelTwoFactor,
  loginSuccess,
  loginFail,
  logout,
  logoutSuccess,
} = authSlice.actions;
export const authReducer = authSlice.reducer;
