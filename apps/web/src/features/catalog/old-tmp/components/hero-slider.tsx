// The home page slider (SPEC §9): the slides set in Settings (3 in a new shop), a new one every
// 3000 ms, 500 ms to slide, previous and next buttons. It pauses while the pointer or keyboard
// focus is on it, so it can be read and used.
// Each slide's words are HTML over a picture that only decorates (object-fit: cover), so they wrap
// to any width instead of being cropped with the picture; the slider's height is fixed per
// breakpoint, so nothing below it moves while the pictures load.
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { imageSrcSet } from '@duka/domain/catalog/images';
import type { Slide } from '@duka/domain/settings/schemas';
import { useShopSettings } from '../../../../lib/shop-settings.ts';

/** The darkest colour of each built-in picture, shown until it loads (uploads get slate). */
const TINTS: Record<string, string> = {
  '/hero/slide-1.svg': 'bg-emerald-900',
  '/hero/slide-2.svg': 'bg-blue-900',
  '/hero/slide-3.svg': 'bg-pink-900',
};

export const AUTOPLAY_MS = 3000;
// Class names spelled out in full so that Tailwind finds them; one per slide the settings allow.
const OFFSETS = [
  'translate-x-0',
  '-translate-x-full',
  '-translate-x-[200%]',
  '-translate-x-[300%]',
  '-translate-x-[400%]',
  '-translate-x-[500%]',
] as const;
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

/** The slides the merchant set (Settings); none: no slider. */
export function HeroSlider() {
  const slides = useShopSettings()?.slides;
  // The slider's room is kept while the settings load (in the browser only).
  if (!slides)
    return <div aria-hidden="true" className={`rounded-2xl bg-slate-800 ${HERO_HEIGHT}`} />;
  if (slides.length === 0) return null;
  return <Slider slides={slides} />;
}

/** A slide's words, linked to its page when it has one. */
function SlideWords({ slide, current }: { slide: Slide; current: boolean }) {
  const words: ReactNode = (
    <>
      <h2 className="text-xl leading-tight font-bold text-balance sm:text-3xl lg:text-5xl">
        {slide.title}
      </h2>
      {slide.text && <p className="text-sm text-white/90 sm:text-base lg:text-xl">{slide.text}</p>}
    </>
  );
  const layout =
    'relative flex h-full flex-col justify-start gap-2 px-5 pt-5 pb-14 text-white sm:max-w-xl sm:justify-center sm:px-10 sm:pt-0 sm:pb-0 lg:max-w-2xl lg:px-14';
  if (!slide.link) return <div className={layout}>{words}</div>;
  return (
    <Link
      to={slide.link}
      tabIndex={current ? 0 : -1}
      className={`group ${layout} focus-visible:outline-3 focus-visible:-outline-offset-4 focus-visible:outline-white`}
    >
      {words}
      <span className="mt-1 hidden w-fit rounded-lg bg-white px-4 py-2 text-sm font-semibold text-slate-900 group-hover:bg-brand-50 sm:inline-block">
        Shop now
      </span>
    </Link>
  );
}

function Slider({ slides }: { slides: readonly Slide[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);

  const count = slides.length;
  useEffect(() => {
    if (paused || hovered || count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [paused, hovered, count]);

  const go = (delta: number) => setIndex((i) => (i + delta + slides.length) % slides.length);
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
        className={`flex h-full transition-transform duration-500 ease-in-out motion-reduce:transition-none ${OFFSETS[index] ?? OFFSETS[0]}`}
        aria-live={paused ? 'polite' : 'off'}
      >
        {slides.map((slide, i) => (
          <div
            key={`${i}-${slide.image}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${slides.length}`}
            aria-hidden={i !== index}
            className={`relative h-full w-full shrink-0 ${TINTS[slide.image] ?? 'bg-slate-800'}`}
          >
            <img
              src={slide.image}
              srcSet={imageSrcSet(slide.image)}
              sizes="100vw"
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
            <SlideWords slide={slide} current={i === index} />
          </div>
        ))}
      </div>
      {/* Previous, the slide dots and next, together in a corner clear of the words. */}
      <div
        className={`absolute right-3 bottom-3 flex items-center gap-1 sm:right-5 sm:bottom-5 ${count < 2 ? 'hidden' : ''}`}
      >
        <button type="button" aria-label="Previous slide" className={arrow} onClick={() => go(-1)}>
          <Chevron d="M15 6l-6 6 6 6" />
        </button>
        {slides.map((slide, i) => (
          <button
            key={`${i}-${slide.image}`}
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
