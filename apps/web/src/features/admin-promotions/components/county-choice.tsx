// Free delivery's counties: every county, or those ticked (all 47, by name).
import { useId } from 'react';
import { KENYA_COUNTIES } from '@duka/domain/delivery/counties';

export function CountyChoice({
  all,
  chosen,
  error,
  onChange,
}: {
  all: boolean;
  chosen: string[];
  error?: string | undefined;
  onChange: (change: { allCounties?: boolean; counties?: string[] }) => void;
}) {
  const id = useId();
  const toggle = (code: string, on: boolean) =>
    onChange({ counties: on ? [...chosen, code] : chosen.filter((c) => c !== code) });
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-700">Where</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name={`${id}-where`}
            className="h-5 w-5 accent-brand-700"
            checked={all}
            onChange={() => onChange({ allCounties: true })}
          />
          Every county
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name={`${id}-where`}
            className="h-5 w-5 accent-brand-700"
            checked={!all}
            onChange={() => onChange({ allCounties: false })}
          />
          Chosen counties
        </label>
      </div>
      {!all && (
        <ul
          aria-label="Counties"
          className="mt-3 grid max-h-64 grid-cols-1 gap-x-4 gap-y-1 overflow-y-auto rounded-lg border border-slate-200 p-3 text-sm sm:grid-cols-2 lg:grid-cols-3"
        >
          {KENYA_COUNTIES.map(([code, name]) => (
            <li key={code}>
              <label className="flex min-h-8 items-center gap-2">
                <input
                  type="checkbox"
                  className="h-5 w-5 accent-brand-700"
                  checked={chosen.includes(code)}
                  onChange={(e) => toggle(code, e.target.checked)}
                />
                {name}
              </label>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
