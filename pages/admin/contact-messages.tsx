import { ContactMessagesPage } from '@/client/features/admin-site/contact/contact-messages-page';
import type { AppPage } from '@/client/layouts/page-types';

/** /admin/contact-messages: the operators' inbox of the contact page. */
const AdminContactMessagesPage: AppPage = () => <ContactMessagesPage />;

AdminContactMessagesPage.onlyAdmin = true;
AdminContactMessagesPage.layout = 'admin';

export default AdminContactMessagesPage;
