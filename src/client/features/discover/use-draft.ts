// A control's local copy of a URL value (the filter panel's boxes and buttons).
import { useEffect, useRef, useState } from 'react';

/** A local draft of a URL value: follows the URL (Back/Forward, chips, Reset) unless the change is
 * the one we just wrote ourselves. */
export function useDraft(urlValue: string) {
  const [draft, setDraft] = useState(urlValue);
  const lastWritten = useRef(urlValue);
  useEffect(() => {
    if (urlValue !== lastWritten.current) {
      lastWritten.current = urlValue;
      setDraft(urlValue);
    }
  }, [urlValue]);
  return { draft, setDraft, lastWritten };
}
