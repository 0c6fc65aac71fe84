// The home page slider (SPEC §9): 3 slides, a new one every 3000 ms, 500 ms to slide, previous and
// next buttons. It pauses while the pointer or keyboard focus is on it, so it can be read and used.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';

const SLIDES = [
  {
    src: '/hero/slide-1.svg',
    alt: 'Everything for home, delivered across Kenya',
    to: '/products?category=furniture',
  },
  {
    src: '/hero/slide-2.svg',
    alt: 'Laptops and phones at honest prices',
    to: '/products?category=laptops',
  },
  {
    src: '/hero/slide-3.svg',
    alt: 'Fresh styles for every occasion',
    to: '/products?category=womens-dresses',
  },
] as const;

export const AUTOPLAY_MS = 3000;
// Class names spelled out in full so that Tailwind finds them.
const OFFSETS = ['translate-x-0', '-translate-x-full', '-translate-x-[200%]'] as const;

export function HeroSlider() {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);

  useEffect(() => {
    if (paused || hovered) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % SLIDES.length), AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [paused, hovered]);

  const go = (delta: number) => setIndex((i) => (i + delta + SLIDES.length) % SLIDES.length);
  const arrow =
    'absolute top-1/2 -translate-y-1/2 rounded-full bg-white/85 p-2 text-slate-800 shadow hover:bg-white sm:p-3';

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured"
      className="relative overflow-hidden rounded-2xl"
      onFocus={() => setPaused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setPaused(false);
      }}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <div
        className={`flex transition-transform duration-500 ease-in-out motion-reduce:transition-none ${OFFSETS[index]}`}
        aria-live={paused ? 'polite' : 'off'}
      >
        {SLIDES.map((slide, i) => (
          <div
            key={slide.src}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${SLIDES.length}`}
            aria-hidden={i !== index}
            className="w-full shrink-0"
          >
            <Link to={slide.to} tabIndex={i === index ? 0 : -1}>
              <img
                src={slide.src}
                alt={slide.alt}
                width={1600}
                height={600}
                className="aspect-[16/9] w-full object-cover sm:aspect-[8/3]"
                fetchPriority={i === 0 ? 'high' : 'low'}
                loading={i === 0 ? 'eager' : 'lazy'}
              />
            </Link>
          </div>
        ))}
      </div>
      <button
        type="button"
        aria-label="Previous slide"
        className={`${arrow} left-3`}
        onClick={() => go(-1)}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M15 6l-6 6 6 6" />
        </svg>
      </button>
      <button
        type="button"
        aria-label="Next slide"
        className={`${arrow} right-3`}
        onClick={() => go(1)}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M9 6l6 6-6 6" />
        </svg>
      </button>
      <div className="absolute bottom-3 left-1/2 flex -translate-x-1/2 gap-2">
        {SLIDES.map((slide, i) => (
          <button
            key={slide.src}
            type="button"
            aria-label={`Go to slide ${i + 1}`}
            aria-current={i === index}
            onClick={() => setIndex(i)}
            className={`h-2.5 w-2.5 rounded-full ${i === index ? 'bg-white' : 'bg-white/50'}`}
          />
        ))}
      </div>
    </section>
  );
}
