import { act, render, screen } from '@testing-library/react';
import { ThemeProvider, useTheme } from '@/client/theme/theme-provider';
import { THEME_STORAGE_KEY } from '@/client/theme/theme-bootstrap';
import { installMatchMedia } from './match-media';

function Probe() {
  const { choice, resolved, setChoice } = useTheme();
  return (
    <div>
      <span data-testid="choice">{choice}</span>
      <span data-testid="resolved">{resolved}</span>
      <button onClick={() => setChoice('light')}>light</button>
      <button onClick={() => setChoice('dark')}>dark</button>
      <button onClick={() => setChoice('system')}>system</button>
    </div>
  );
}

const renderProbe = () =>
  render(
    <ThemeProvider>
      <Probe />
    </ThemeProvider>,
  );

const text = (id: string) => screen.getByTestId(id).textContent;

describe('ThemeProvider (spec 2: light, dark, system; localStorage "theme")', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.removeAttribute('data-theme');
  });

  it('defaults to "system" and resolves it from prefers-color-scheme', () => {
    installMatchMedia(true);
    renderProbe();
    expect(text('choice')).toBe('system');
    expect(text('resolved')).toBe('dark');
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
  });

  it('resolves "system" to light when the OS prefers light', () => {
    installMatchMedia(false);
    renderProbe();
    expect(text('choice')).toBe('system');
    expect(text('resolved')).toBe('light');
  });

  it('follows OS changes while the choice is "system"', () => {
    const media = installMatchMedia(false);
    renderProbe();
    expect(text('resolved')).toBe('light');
    act(() => media.setDark(true));
    expect(text('resolved')).toBe('dark');
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
  });

  it('persists the choice under localStorage "theme" and ignores the OS for explicit choices', () => {
    const media = installMatchMedia(true);
    renderProbe();
    act(() => screen.getByText('light').click());
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(text('choice')).toBe('light');
    expect(text('resolved')).toBe('light');
    act(() => media.setDark(true));
    expect(text('resolved')).toBe('light');

    act(() => screen.getByText('system').click());
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('system');
    expect(text('resolved')).toBe('dark');
  });

  it('reads a stored choice on start and ignores values it does not know', () => {
    installMatchMedia(false);
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    const { unmount } = renderProbe();
    expect(text('choice')).toBe('dark');
    expect(text('resolved')).toBe('dark');
    unmount();

    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    renderProbe();
    expect(text('choice')).toBe('system');
    expect(text('resolved')).toBe('light');
  });
});
