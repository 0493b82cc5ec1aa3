import { FormCard } from '@/client/components/form-card';
import { PageTitle } from '@/client/components/page-title';
import { ContactForm } from '@/client/features/contact/components/contact-form';
import type { AppPage } from '@/client/layouts/page-types';

/** /contact: anyone, signed in or not, writes to the operators (spec 7 POST /contact). */
const ContactPage: AppPage = () => (
  <>
    <PageTitle title="Contact us" />
    <FormCard title="Contact us" subtitle="Questions about your account, a payment or the site? Write to us and we will answer by email." width="medium">
      <ContactForm />
    </FormCard>
  </>
);

export default ContactPage;
