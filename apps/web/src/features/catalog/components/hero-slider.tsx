// The home page slider (SPEC §9): 3 slides, a new one every 3000 ms, 500 ms to slide, previous and
// next buttons. It pauses while the pointer or keyboard focus is on it, so it can be read and used.
// Each slide's words are HTML over a picture that only decorates (object-fit: cover), so they wrap
// to any width instead of being cropped with the picture; the slider's height is fixed per
// breakpoint, so nothing below it moves while the pictures load.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';

const SLIDES = [
  {
    src: '/hero/slide-1.svg',
    title: 'Everything for home, delivered across Kenya',
    text: 'Furniture, kitchen and decor from local workshops and trusted brands',
    to: '/products?category=furniture',
    // The darkest colour of the picture, shown until it loads.
    tint: 'bg-emerald-900',
  },
  {
    src: '/hero/slide-2.svg',
    title: 'Laptops and phones at honest prices',
    text: 'Dual-SIM phones, work laptops and accessories with warranty',
    to: '/products?category=laptops',
    tint: 'bg-blue-900',
  },
  {
    src: '/hero/slide-3.svg',
    title: 'Fresh styles for every occasion',
    text: 'Kitenge dresses, shoes and fragrances for the whole family',
    to: '/products?category=womens-dresses',
    tint: 'bg-pink-900',
  },
] as const;

export const AUTOPLAY_MS = 3000;
// Class names spelled out in full so that Tailwind finds them.
const OFFSETS = ['translate-x-0', '-translate-x-full', '-translate-x-[200%]'] as const;
/** The slider's height at each breakpoint, reserved before anything loads. */
export const HERO_HEIGHT = 'h-48 sm:h-64 lg:h-96';

function Chevron({ d }: { d: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d={d} />
    </svg>
  );
}

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
    'inline-flex h-9 w-9 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow hover:bg-white sm:h-11 sm:w-11';

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured"
      className={`relative overflow-hidden rounded-2xl bg-slate-800 ${HERO_HEIGHT}`}
      onFocus={() => setPaused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setPaused(false);
      }}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <div
        className={`flex h-full transition-transform duration-500 ease-in-out motion-reduce:transition-none ${OFFSETS[index]}`}
        aria-live={paused ? 'polite' : 'off'}
      >
        {SLIDES.map((slide, i) => (
          <div
            key={slide.src}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${SLIDES.length}`}
            aria-hidden={i !== index}
            className={`relative h-full w-full shrink-0 ${slide.tint}`}
          >
            <img
              src={slide.src}
              alt=""
              width={1600}
              height={600}
              className="absolute inset-0 h-full w-full object-cover object-right"
              fetchPriority={i === 0 ? 'high' : 'low'}
              loading={i === 0 ? 'eager' : 'lazy'}
            />
            {/* Darker where the words are, so they stay readable over any picture. */}
            <div
              aria-hidden="true"
              className="absolute inset-0 bg-gradient-to-r from-slate-950/70 via-slate-950/45 to-slate-950/0"
            />
            <Link
              to={slide.to}
              tabIndex={i === index ? 0 : -1}
              className="group relative flex h-full flex-col justify-start gap-2 px-5 pt-5 pb-14 text-white focus-visible:outline-3 focus-visible:-outline-offset-4 focus-visible:outline-white sm:max-w-xl sm:justify-center sm:px-10 sm:pt-0 sm:pb-0 lg:max-w-2xl lg:px-14"
            >
              <h2 className="text-xl leading-tight font-bold text-balance sm:text-3xl lg:text-5xl">
                {slide.title}
              </h2>
              <p className="text-sm text-white/90 sm:text-base lg:text-xl">{slide.text}</p>
              <span className="mt-1 hidden w-fit rounded-lg bg-white px-4 py-2 text-sm font-semibold text-slate-900 group-hover:bg-brand-50 sm:inline-block">
                Shop now
              </span>
            </Link>
          </div>
        ))}
      </div>
      {/* Previous, the slide dots and next, together in a corner clear of the words. */}
      <div className="absolute right-3 bottom-3 flex items-center gap-1 sm:right-5 sm:bottom-5">
        <button type="button" aria-label="Previous slide" className={arrow} onClick={() => go(-1)}>
          <Chevron d="M15 6l-6 6 6 6" />
        </button>
        {SLIDES.map((slide, i) => (
          <button
            key={slide.src}
            type="button"
            aria-label={`Go to slide ${i + 1}`}
            aria-current={i === index}
            onClick={() => setIndex(i)}
            // A 24-pixel target (WCAG 2.5.8) around a 10-pixel dot.
            className="group inline-flex h-6 w-6 items-center justify-center rounded-full"
          >
            <span
              aria-hidden="true"
              className={`h-2.5 w-2.5 rounded-full ring-1 ring-slate-900/30 ${i === index ? 'bg-white' : 'bg-white/55 group-hover:bg-white/80'}`}
            />
          </button>
        ))}
        <button type="button" aria-label="Next slide" className={arrow} onClick={() => go(1)}>
          <Chevron d="M9 6l6 6-6 6" />
        </button>
      </div>
    </section>
  );
}
