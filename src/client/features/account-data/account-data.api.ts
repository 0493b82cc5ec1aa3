import { accountDataRoutes, type DeleteAccountBody } from '@/common/contract/account-data';
import { callRoute } from '@/client/lib/call-route';

export const exportStatus = () => callRoute(accountDataRoutes.exportStatus);
export const requestExport = () => callRoute(accountDataRoutes.requestExport);
export const deletionCheck = () => callRoute(accountDataRoutes.deletionCheck);
export const deleteAccount = (body: DeleteAccountBody) => callRoute(accountDataRoutes.deleteAccount, { body });
