import { screen, within } from '@testing-library/react';

/**
 * The button whose text matches. `getByRole('button', { name })` computes the accessible name and
 * visibility of every element on the page, which costs seconds per query on a whole antd form
 * under jsdom; finding the text and walking up to its button costs milliseconds.
 */
export function buttonWithText(text: string | RegExp, container?: HTMLElement): HTMLButtonElement {
  const scope = container ? within(container) : screen;
  const button = scope.getByText(text).closest('button');
  if (!button) throw new Error(`No button around the text ${String(text)}`);
  return button as HTMLButtonElement;
}
