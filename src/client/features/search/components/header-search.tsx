import { useEffect, useRef, useState } from 'react';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/router';
import SearchOutlined from '@ant-design/icons-svg/es/asn/SearchOutlined';
import { PlainIcon } from '@/client/components/plain-icon';
import { PlainButton } from '@/client/components/plain-button';
import { useOpenedOnce } from '@/client/hooks/use-opened-once';
import { SEARCH_Q_MAX } from '@/common/contract/search';
import { searchHref } from '../search-query';
import styles from './header-search.module.css';

// The phone's search dialog (antd's Modal) loads when it is first opened.
const SearchDialog = dynamic(() => import('./header-search-dialog').then((m) => m.HeaderSearchDialog), { ssr: false });

const PLACEHOLDER = 'Search creators, posts, #tags';

/**
 * The header's search box: inline from 992 px, an icon that opens the box below that. Searching
 * opens /search?q=…; on the search page the box shows what is being searched.
 *
 * The box is a plain input drawn like antd's Input.Search (header-search.module.css, from antd's
 * own variables): in every page's header, antd's Input would put its code and the form library
 * behind it (about 25 kB gzip) into the first load of pages that have no form at all; the icon
 * button is drawn without antd too, and the dialog's code comes with its first opening.
 */
export function HeaderSearch() {
  const router = useRouter();
  const current = router.pathname === '/search' && typeof router.query.q === 'string' ? router.query.q : '';
  const [text, setText] = useState(current);
  const [open, setOpen] = useState(false);
  const dialogMounted = useOpenedOnce(open);
  const dialogBox = useRef<HTMLInputElement>(null);
  useEffect(() => setText(current), [current]);

  const go = (value: string) => {
    const q = value.trim();
    if (!q) return;
    setOpen(false);
    void router.push(searchHref(q));
  };
  const box = (inDialog: boolean) => (
    <form className={styles.box} role="search" onSubmit={(e) => { e.preventDefault(); go(text); }}>
      <input
        ref={inDialog ? dialogBox : undefined}
        type="search"
        className={styles.input}
        aria-label="Search"
        placeholder={PLACEHOLDER}
        maxLength={SEARCH_Q_MAX}
        value={text}
        onChange={(e) => setText(e.target.value)}
        // Enter searches as antd's Input.Search did, except while an input method is composing a
        // word (its Enter picks the word).
        onKeyDown={(e) => {
          if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
          e.preventDefault();
          go(text);
        }}
      />
      <button type="submit" className={styles.submit} aria-label="Search">
        <PlainIcon icon={SearchOutlined} />
      </button>
    </form>
  );

  return (
    <>
      <span className={styles.inline}>{box(false)}</span>
      <PlainButton className={styles.iconButton} look="text" icon={<PlainIcon icon={SearchOutlined} />} aria-label="Open search" onClick={() => setOpen(true)} />
      {dialogMounted ? (
        <SearchDialog open={open} onClose={() => setOpen(false)} onOpened={() => dialogBox.current?.focus()}>
          {box(true)}
        </SearchDialog>
      ) : null}
    </>
  );
}
