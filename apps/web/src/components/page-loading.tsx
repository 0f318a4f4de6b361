/**
 * Shown while a page chunk or its data loads: the same ring the page draws before the console's code has run
 * (`.cc-splash` in index.html, where its style lives), so the one spinner stays in place as the console takes over.
 */
export function PageLoading() {
  return (
    <div className="cc-splash" aria-busy="true">
      <div className="cc-splash-ring" />
    </div>
  );
}
