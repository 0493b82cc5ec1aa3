import { act, fireEvent, render, screen } from '@testing-library/react';
import { PromoCarousel } from '@/client/features/home/components/promo-carousel';

// jsdom has no PointerEvent: without one, fireEvent.pointerDown makes a plain Event with no clientX.
if (!('PointerEvent' in window)) Object.assign(window, { PointerEvent: class PointerEvent extends MouseEvent {} });

const slides = ['One', 'Two', 'Three'];

function renderCarousel() {
  const { container } = render(
    <PromoCarousel interval={6000}>
      {slides.map((s) => (
        <a key={s} href={`/${s}`}>
          {s}
        </a>
      ))}
    </PromoCarousel>,
  );
  const track = container.querySelector('[style*="translateX"]') as HTMLElement;
  return { track };
}

/** The slide on screen: the one neither hidden from assistive technology nor inert. */
const shown = () => screen.getAllByRole('link').map((l) => l.textContent);

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('PromoCarousel', () => {
  it('shows one slide at a time: the others (and the copy of the first that closes the loop) are inert and hidden', () => {
    renderCarousel();
    expect(shown()).toEqual(['One']);
    const hidden = screen.getAllByRole('link', { hidden: true }).filter((l) => l.closest('[inert]'));
    expect(hidden.map((l) => l.textContent)).toEqual(['Two', 'Three', 'One']);
    expect(screen.getByRole('button', { name: 'Banner 1 of 3' })).toHaveAttribute('aria-current', 'true');
  });

  it('moves on every interval and, after the last slide, comes to the first again going forwards', () => {
    const { track } = renderCarousel();
    act(() => jest.advanceTimersByTime(6000));
    expect(shown()).toEqual(['Two']);
    act(() => jest.advanceTimersByTime(6000));
    expect(shown()).toEqual(['Three']);
    act(() => jest.advanceTimersByTime(6000));
    // On the copy of the first slide, further along the track; then back to the real one without a move.
    expect(track.style.transform).toBe('translateX(-300%)');
    expect(shown()).toEqual(['One']);
    fireEvent.transitionEnd(track);
    expect(track.style.transform).toBe('translateX(-0%)');
    expect(track.style.transition).toBe('none');
    expect(screen.getByRole('button', { name: 'Banner 1 of 3' })).toHaveAttribute('aria-current', 'true');
  });

  it('goes to the slide of a dot, and pauses while the pointer is on it', () => {
    const { track } = renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Banner 3 of 3' }));
    expect(shown()).toEqual(['Three']);
    fireEvent.mouseEnter(track.parentElement!.parentElement!);
    act(() => jest.advanceTimersByTime(20_000));
    expect(shown()).toEqual(['Three']);
    fireEvent.mouseLeave(track.parentElement!.parentElement!);
    act(() => jest.advanceTimersByTime(6000));
    expect(track.style.transform).toBe('translateX(-300%)');
  });

  it('follows a swipe either way', () => {
    const { track } = renderCarousel();
    const viewport = track.parentElement!;
    fireEvent.pointerDown(viewport, { clientX: 300 });
    fireEvent.pointerUp(viewport, { clientX: 200 });
    expect(shown()).toEqual(['Two']);
    fireEvent.pointerDown(viewport, { clientX: 100 });
    fireEvent.pointerUp(viewport, { clientX: 200 });
    expect(shown()).toEqual(['One']);
    // A short move is a click, not a swipe.
    fireEvent.pointerDown(viewport, { clientX: 100 });
    fireEvent.pointerUp(viewport, { clientX: 120 });
    expect(shown()).toEqual(['One']);
  });
});
