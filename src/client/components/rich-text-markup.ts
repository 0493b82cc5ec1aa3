/** The formatting the rich-text toolbar offers: exactly the tags the shared allow-list keeps. */
export type RichTextFormat = 'bold' | 'italic' | 'underline' | 'link' | 'paragraph' | 'list';

export interface Edit {
  text: string;
  /** The selection after the edit: what was selected, now inside its markup. */
  start: number;
  end: number;
}

const INLINE: Record<'bold' | 'italic' | 'underline', [string, string]> = {
  bold: ['<b>', '</b>'],
  italic: ['<i>', '</i>'],
  underline: ['<u>', '</u>'],
};

/**
 * Puts markup around the selected text of a plain textarea (the operator's editor is HTML source
 * with a live preview, not a WYSIWYG): bold, italic, underline and links wrap the selection
 * (a link with a placeholder address selected for typing over); paragraphs and lists wrap each
 * selected line. An empty selection inserts the empty markup at the caret.
 */
export function applyFormat(text: string, start: number, end: number, format: RichTextFormat): Edit {
  const before = text.slice(0, start);
  const selected = text.slice(start, end);
  const after = text.slice(end);

  if (format === 'link') {
    const url = 'https://';
    const label = selected || 'link text';
    const open = `<a href="${url}">`;
    const inserted = `${open}${label}</a>`;
    // Select the address: it is what must be typed next.
    const urlStart = before.length + '<a href="'.length;
    return { text: before + inserted + after, start: urlStart, end: urlStart + url.length };
  }

  if (format === 'paragraph' || format === 'list') {
    const lines = selected.split('\n').map((line) => line.trim()).filter(Boolean);
    const items = lines.length ? lines : [''];
    const inserted = format === 'paragraph'
      ? items.map((line) => `<p>${line}</p>`).join('\n')
      : `<ul>\n${items.map((line) => `  <li>${line}</li>`).join('\n')}\n</ul>`;
    return { text: before + inserted + after, start: before.length, end: before.length + inserted.length };
  }

  const [open, close] = INLINE[format];
  return {
    text: before + open + selected + close + after,
    start: before.length + open.length,
    end: before.length + open.length + selected.length,
  };
}
