import { Children, useCallback, useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import styles from './promo-carousel.module.css';

const SLIDE_MS = 500;
const SWIPE_PX = 40;

interface Props {
  children: ReactNode;
  /** How long a slide stays (ms); the active dot fills over it. */
  interval?: number;
}

/**
 * The start page's banners in turn, as antd's Carousel showed them (slides sideways, one every
 * `interval`, dots under them whose active one fills with the time left, swipe or drag to move),
 * without antd and react-slick: they were a third of the page's script. The first slide follows the
 * last with a copy of the first at the end, so the loop never runs backwards. Slides out of view
 * are `inert` (neither seen by assistive technology nor in the tab order). Autoplay pauses while
 * the pointer or the focus is on the banners, in a hidden tab, and for visitors who ask for less motion.
 */
export function PromoCarousel({ children, interval = 6000 }: Props) {
  const slides = Children.toArray(children);
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [animate, setAnimate] = useState(true);
  const [paused, setPaused] = useState(false);
  const dragStart = useRef<number | null>(null);
  const current = index % count;

  const goTo = useCallback((next: number) => {
    setAnimate(true);
    setIndex(next);
  }, []);

  useEffect(() => {
    if (paused || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return undefined;
    const timer = window.setTimeout(() => {
      if (!document.hidden) goTo(index + 1);
    }, interval);
    return () => window.clearTimeout(timer);
  }, [index, paused, interval, goTo]);

  // On the copy of the first slide: back to the real one, without the sideways move.
  const settle = () => {
    if (index >= count) {
      setAnimate(false);
      setIndex(0);
    }
  };
  useEffect(() => {
    if (index < count) return undefined;
    const fallback = window.setTimeout(settle, SLIDE_MS + 100); // transitionend does not fire in a background tab
    return () => window.clearTimeout(fallback);
  });

  const onPointerDown = (e: PointerEvent) => {
    dragStart.current = e.clientX;
  };
  const onPointerUp = (e: PointerEvent) => {
    if (dragStart.current === null) return;
    const dx = e.clientX - dragStart.current;
    dragStart.current = null;
    if (dx <= -SWIPE_PX) goTo(current + 1);
    else if (dx >= SWIPE_PX) goTo((current - 1 + count) % count);
  };

  return (
    <div
      className={styles.carousel}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className={styles.viewport} onPointerDown={onPointerDown} onPointerUp={onPointerUp} onPointerCancel={() => (dragStart.current = null)}>
        <div
          className={styles.track}
          style={{ transform: `translateX(-${index * 100}%)`, transition: animate ? `transform ${SLIDE_MS}ms ease` : 'none' }}
          onTransitionEnd={settle}
        >
          {[...slides, slides[0]].map((slide, i) => {
            const hidden = i !== index;
            // Slides keep their order, and the last is a copy of the first: the position is the key.
            return (
              <div key={i} className={styles.slide} aria-hidden={hidden || undefined} inert={hidden || undefined}>
                {slide}
              </div>
            );
          })}
        </div>
      </div>
      <ul className={styles.dots} aria-label="Choose a banner">
        {slides.map((_, i) => (
          <li key={i} className={i === current ? styles.active : undefined} style={{ ['--dot-duration' as string]: `${interval}ms` }}>
            <button type="button" aria-label={`Banner ${i + 1} of ${count}`} aria-current={i === current || undefined} onClick={() => goTo(i)} />
          </li>
        ))}
      </ul>
    </div>
  );
}
