import { adminStatsRoutes } from '@/common/contract/admin-stats';
import { callRoute } from '@/client/lib/call-route';

/** Runs every ledger invariant now; the answer is the stored run (also the dashboard's new "last check"). */
export const runLedgerCheck = () => callRoute(adminStatsRoutes.ledgerCheck);
