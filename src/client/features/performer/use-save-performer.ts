import { useState } from 'react';
import type { FormInstance } from 'antd';
import type { PerformerAccount, PerformerUpdate } from '@/common/contract/performers';
import { CHANGES_SAVED, GENERIC_UPDATE_ERROR } from '@/client/lib/error-message';
import { serializeError } from '@/client/lib/serialize-error';
import { toast } from '@/client/lib/toast';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { refreshUser, updateUserFail, updateUserSuccess } from '@/client/features/user/user.slice';
import { update } from './performer.api';
import { mergeCurrentUser } from './use-performer-account';
import { showFormErrors } from './show-form-errors';

/**
 * Spec 4 performer profile update: PUT /performers/me; on success the returned user goes to the
 * store with updateSuccess and 'Changes saved'; on failure the error is stored and shown (field
 * problems under their fields). `saving` drives the form's spinner.
 */
export function useSavePerformer(onSaved: (account: PerformerAccount) => void) {
  const dispatch = useAppDispatch();
  const current = useAppSelector((s) => s.user.current);
  const [saving, setSaving] = useState(false);

  const save = async (body: PerformerUpdate, form: FormInstance): Promise<boolean> => {
    setSaving(true);
    try {
      const res = await update(body);
      onSaved(res.data);
      dispatch(updateUserSuccess(mergeCurrentUser(current, res.data)));
      // A new email waits for its link: the answer says where it went, and the current user
      // (GET /users/me) now carries the pending address for the notice.
      if (res.message) dispatch(refreshUser());
      toast.success(res.message ?? CHANGES_SAVED);
      return true;
    } catch (err) {
      dispatch(updateUserFail(serializeError(err)));
      showFormErrors(form, err, GENERIC_UPDATE_ERROR);
      return false;
    } finally {
      setSaving(false);
    }
  };

  return { save, saving };
}
