import { useEffect, useState } from 'react';
import { dayKeyOf, msUntilTomorrow } from './days';

/**
 * The reader's local day ('YYYY-MM-DD'), updated at midnight, so that day headers move
 * on ("Today" becomes "Yesterday") in a page left open overnight.
 */
export function useToday(): string {
  const [today, setToday] = useState(() => dayKeyOf(new Date()));
  useEffect(() => {
    // A second past midnight: a timer may fire a little early.
    const timer = setTimeout(() => setToday(dayKeyOf(new Date())), msUntilTomorrow() + 1000);
    return () => clearTimeout(timer);
  }, [today]);
  return today;
}
