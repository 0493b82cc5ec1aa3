import { AdminMoneyPage } from '@/client/features/admin-money/components/admin-money-page';
import type { AppPage } from '@/client/layouts/page-types';

/** /admin/money: transactions, card payments and statements for operators (the API enforces the role too). */
const MoneyPage: AppPage = () => <AdminMoneyPage />;

MoneyPage.onlyAdmin = true;
MoneyPage.layout = 'admin';

export default MoneyPage;
