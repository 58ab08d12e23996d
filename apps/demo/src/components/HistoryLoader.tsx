/**
 * The prefix row shown while older history loads, and the suffix row while a page of newer
 * messages loads below a window. Padding only, no margin (it is measured).
 */
export function HistoryLoader() {
  return (
    <div className="history-loader">
      <span className="spinner" aria-hidden="true" />
      Loading...
    </div>
  );
}
