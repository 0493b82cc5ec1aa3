import { TERMS_PAGE_PATH } from '@/common/constants/terms';

/** The terms of service, in a new tab so a half-filled form stays as it is. */
export function TermsLink() {
  return (
    <a href={TERMS_PAGE_PATH} target="_blank" rel="noopener noreferrer">
      terms of service
    </a>
  );
}
