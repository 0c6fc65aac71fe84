// What the server puts where a private page will be (cart, checkout, account…) until the browser
// draws it: a quiet block as tall as a screen, so the footer below does not move when it comes.
export function PageSkeleton() {
  return (
    <div aria-busy="true" className="mx-auto min-h-[100svh] max-w-7xl px-4 py-8">
      <p role="status" className="text-center text-slate-500">
        Loading...
      </p>
    </div>
  );
}
