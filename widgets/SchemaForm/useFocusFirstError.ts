/**
 * Takes the user to the first field in error of an element (./focusFirstError.ts) after the render that marks it:
 * when `focus()` is called beside the state that marks the fields, or when `stopped` (a count of refusals kept
 * elsewhere) grows. One way for every place that refuses outside a schema form (report parameters, a task's plan,
 * a record's items).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { focusFirstError } from './focusFirstError';

export function useFocusFirstError<T extends HTMLElement>(stopped = 0) {
  const ref = useRef<T>(null);
  const [asked, setAsked] = useState(0);
  // an effect runs once React has put the marks in the page
  useEffect(() => {
    if (asked || stopped) focusFirstError(ref.current);
  }, [asked, stopped]);
  const focus = useCallback(() => setAsked((n) => n + 1), []);
  return { ref, focus };
}
