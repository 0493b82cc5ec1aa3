import { useEffect, useRef, useState } from 'react';
import { useRouter } from 'next/router';
import { Button, Input, Modal, type InputRef } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { SEARCH_Q_MAX } from '@/common/contract/search';
import { searchHref } from '../search-query';
import styles from './header-search.module.css';

const PLACEHOLDER = 'Search creators, posts, #tags';

/**
 * The header's search box: inline from 992 px, an icon that opens the box below that. Searching
 * opens /search?q=…; on the search page the box shows what is being searched.
 */
export function HeaderSearch() {
  const router = useRouter();
  const current = router.pathname === '/search' && typeof router.query.q === 'string' ? router.query.q : '';
  const [text, setText] = useState(current);
  const [open, setOpen] = useState(false);
  const dialogBox = useRef<InputRef>(null);
  useEffect(() => setText(current), [current]);

  const go = (value: string) => {
    const q = value.trim();
    if (!q) return;
    setOpen(false);
    void router.push(searchHref(q));
  };
  const box = (inDialog: boolean) => (
    <Input.Search
      ref={inDialog ? dialogBox : undefined}
      aria-label="Search"
      placeholder={PLACEHOLDER}
      maxLength={SEARCH_Q_MAX}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onSearch={go}
    />
  );

  return (
    <>
      <span className={styles.inline} role="search">{box(false)}</span>
      <Button className={styles.iconButton} type="text" icon={<SearchOutlined />} aria-label="Open search" onClick={() => setOpen(true)} />
      <Modal title="Search" open={open} onCancel={() => setOpen(false)} footer={null} destroyOnHidden style={{ top: 72 }}
        // The dialog takes focus as it opens; the box gets it once the dialog is there.
        afterOpenChange={(visible) => { if (visible) dialogBox.current?.focus(); }}
      >
        <div role="search">{box(true)}</div>
      </Modal>
    </>
  );
}
