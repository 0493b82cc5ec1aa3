import { useEffect, useState, type CSSProperties } from 'react';
import { Input } from 'antd';

interface Props {
  /** The search text in the URL. */
  value: string | undefined;
  /** Called on Enter, the search button and clear; '' means no search. */
  onSearch: (q: string) => void;
  placeholder: string;
  label: string;
  className?: string;
  style?: CSSProperties;
}

/** A search box bound to the `q` of the query string: typing is local, searching writes the URL. */
export function QuerySearch({ value = '', onSearch, placeholder, label, className, style }: Props) {
  const [text, setText] = useState(value);
  // Follows the URL when it changes elsewhere (back button, "Clear filters").
  useEffect(() => setText(value), [value]);
  return (
    <Input.Search
      className={className}
      style={style}
      placeholder={placeholder}
      aria-label={label}
      allowClear
      maxLength={100}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onSearch={(q) => onSearch(q.trim())}
    />
  );
}
