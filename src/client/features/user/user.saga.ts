import { call, put, takeLatest, type SagaReturnType } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { PerformerUpdate } from '@/common/contract/performers';
import { CHANGES_SAVED, GENERIC_UPDATE_ERROR, messageOf } from '@/client/lib/error-message';
import { serializeError } from '@/client/lib/serialize-error';
import { toast } from '@/client/lib/toast';
import * as authApi from '../auth/auth.api';
import * as performerApi from '../performer/performer.api';
import * as userApi from './user.api';
import {
  refreshUser,
  setCurrentUser,
  updatePassword,
  updatePasswordFail,
  updatePasswordSuccess,
  updatePerformer,
  updateUser,
  updateUserFail,
  updateUserSuccess,
  type UpdatePasswordBody,
  type UpdateUserBody,
} from './user.slice';

export function* refreshUserFlow() {
  try {
    const res: SagaReturnType<typeof userApi.me> = yield call(userApi.me);
    yield put(setCurrentUser(res.data));
  } catch {
    // A 401 already sent the browser to login (request.ts); otherwise keep the known user.
  }
}

const failMessage = (err: unknown) => messageOf(err) ?? GENERIC_UPDATE_ERROR;

export function* updateUserFlow(action: PayloadAction<UpdateUserBody>) {
  try {
    const res: SagaReturnType<typeof userApi.update> = yield call(userApi.update, action.payload);
    yield put(updateUserSuccess(res.data));
    // A new email is not saved yet: the answer says where its confirmation link went.
    yield call(toast.success, res.message ?? CHANGES_SAVED);
  } catch (err) {
    yield put(updateUserFail(serializeError(err)));
    yield call(toast.error, failMessage(err));
  }
}

/** Spec 4 performer profile update: PUT /performers/me, then the refreshed current user goes to the store. */
export function* updatePerformerFlow(action: PayloadAction<PerformerUpdate>) {
  try {
    const saved: SagaReturnType<typeof performerApi.update> = yield call(performerApi.update, action.payload);
    const res: SagaReturnType<typeof userApi.me> = yield call(userApi.me);
    yield put(updateUserSuccess(res.data));
    yield call(toast.success, saved.message ?? CHANGES_SAVED);
  } catch (err) {
    yield put(updateUserFail(serializeError(err)));
    yield call(toast.error, failMessage(err));
  }
}

export function* updatePasswordFlow(action: PayloadAction<UpdatePasswordBody>) {
  try {
    const res: SagaReturnType<typeof authApi.changePassword> = yield call(authApi.changePassword, action.payload);
    yield put(updatePasswordSuccess(res.data));
    yield call(toast.success, CHANGES_SAVED);
  } catch (err) {
    yield put(updatePasswordFail(serializeError(err)));
    yield call(toast.error, failMessage(err));
  }
}

export function* userSaga() {
  yield takeLatest(refreshUser.type, refreshUserFlow);
  yield takeLatest(updateUser.type, updateUserFlow);
  yield takeLatest(updatePerformer.type, updatePerformerFlow);
  yield takeLatest(updatePassword.type, updatePasswordFlow);
}
